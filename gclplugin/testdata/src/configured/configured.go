// Package configured has a tool that breaks OpenAI's strict mode (OLT015)
// and lacks descriptions (OLT016): reported only when the settings ask for
// them, as is the missing approval of a destructive tool (OLT028, with the
// quality setting). It has no generated file, which OLT014 reports by
// default.
package configured

type Input struct {
	// Name is the file name.
	Name string `json:"name" minLength:"1"` // want `^input\.name: OpenAI strict mode does not take minLength.* \(tool save\)$`
	// want +2 `^input\.size: the field has no description.* \(tool save\)$`

	Size int `json:"size"`
}

//tool:export
func Save(in Input) error { return nil } // want `^the generated tool code is missing` `^tool save has no description` `^tool save may delete or overwrite`
