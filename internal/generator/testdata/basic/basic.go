package basic

import (
	"context"
	"time"

	"github.com/toolschema/toolschema/tool"
)

// Status is where a case stands.
type Status string

const (
	Open   Status = "open"
	Closed Status = "closed"
)

type DocketQuery struct {
	// Court is the court's identifier.
	Court  string     `json:"court" pattern:"^[a-z]+$"`
	Case   string     `json:"case" description:"Case number."`
	Status Status     `json:"status,omitempty"`
	Since  *time.Time `json:"since"`
}

type Docket struct {
	Entries []string `json:"entries"`
}

// GetDocket returns the public docket entries of one court case, as listed
// by [time.Time] order.
//
//tool:export timeout=5s version=2 read-only open-world=false "title=Get a docket" max-result=20KB icon=https://example.com/docket.svg
//tool:example {"court": "nysd", "case": "1:24-cv-01", "since": null}
//tool:example {"court":"cand","case":"`5`","status":"open","since":"2024-01-02T00:00:00Z"}
func GetDocket(ctx context.Context, in DocketQuery) (*Docket, error) {
	return &Docket{Entries: []string{in.Court}}, nil
}

// Ping checks the service.
//
//tool:export defer-loading namespace=dockets
func Ping() string { return "pong" }

type Service struct{ Prefix string }

// Close closes a case.
//
//tool:export requires-approval parallel-safe=false destructive=false idempotent
func (s *Service) Close(call *tool.Call, in *struct {
	ID string `json:"id"`
}) error {
	return nil
}

// Count counts.
//
//tool:export name=count_cases ends-loop
func (s Service) Count() (int, error) { return 0, nil }
