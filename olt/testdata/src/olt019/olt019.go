package olt019

type Input struct {
	Enabled  bool `json:"enabled"`
	Disabled bool `json:"disabled"` // want `OLT019: input.disabled: tool set_flag: enabled and disabled are two booleans for one state`
	Visible  bool `json:"is_visible"`
	Archived bool `json:"archived"`
	NotShown bool `json:"not_visible"` // want `OLT019: input.not_visible: tool set_flag: is_visible and not_visible`
}

// SetFlag sets a flag.
//
//tool:export
func SetFlag(in Input) error { return nil }
