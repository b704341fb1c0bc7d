package loop_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type WeatherQuery struct {
	City string `json:"city"`
}

type Weather struct {
	City    string  `json:"city"`
	Celsius float64 `json:"celsius"`
}

func GetWeather(_ context.Context, q WeatherQuery) (Weather, error) {
	return Weather{City: q.City, Celsius: 21.5}, nil
}

type Reply struct {
	Text string `json:"text"`
}

func SubmitAnswer(_ context.Context, a Reply) (Reply, error) { return a, nil }

// scripted stands for an adapter's conversation: each answer of the
// "model" is the next list of calls, and it prints what the tools returned.
type scripted struct{ answers [][]loop.Call }

func (m *scripted) Next(_ context.Context, outcomes []loop.Outcome) ([]loop.Call, error) {
	for _, o := range outcomes {
		fmt.Printf("%s -> %s\n", o.Call.Name, loop.Content(o.Result))
	}
	if len(m.answers) == 0 {
		return nil, nil
	}
	next := m.answers[0]
	m.answers = m.answers[1:]
	return next, nil
}

// A Runner finds each call's tool in the set, checks and runs it, hands the
// results back to the model, and stops when a tool that ends the loop is
// called. A call to a tool the set does not have, or with arguments the
// schema refuses, is answered with an error the model can act on.
func ExampleRunner_Run() {
	weather, err := reflectimpl.Create(GetWeather, reflectimpl.Meta(tool.Meta{Name: "get_weather"}))
	if err != nil {
		panic(err)
	}
	answer, err := reflectimpl.Create(SubmitAnswer, reflectimpl.Meta(tool.Meta{
		Name:     "submit_answer",
		EndsLoop: true,
	}))
	if err != nil {
		panic(err)
	}
	set, err := tool.NewSet([]*tool.Tool{weather, answer})
	if err != nil {
		panic(err)
	}

	model := &scripted{answers: [][]loop.Call{
		{{ID: "1", Name: "get_weather", Args: json.RawMessage(`{"town":"Lyon"}`)}},
		{{ID: "2", Name: "get_weather", Args: json.RawMessage(`{"city":"Lyon"}`)}},
		{{ID: "3", Name: "submit_answer", Args: json.RawMessage(`{"text":"21.5 °C in Lyon"}`)}},
	}}
	r := &loop.Runner{Tools: set}
	final, err := r.Run(context.Background(), model)
	if err != nil {
		panic(err)
	}
	fmt.Println("ended by", final.End.Call.Name, "after", final.Turns, "answers:", final.End.Result.Value.(Reply).Text)
	// Output:
	// get_weather -> Argument 'city' is required.
	// Argument 'town' is not a parameter of the tool.
	// get_weather -> {"city":"Lyon","celsius":21.5}
	// ended by submit_answer after 3 answers: 21.5 °C in Lyon
}
