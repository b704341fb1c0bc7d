package olt019

type Input struct {
	Enabled  bool `json:"enabled"`
	Disabled bool `json:"disabled"` // want `OLT019: input.disabled: enabled and disabled are two booleans for one state.* \(tool set_flag\)$`
	Visible  bool `json:"is_visible"`
	Archived bool `json:"archived"`
	NotShown bool `json:"not_visible"` // want `OLT019: input.not_visible: is_visible and not_visible.* \(tool set_flag\)$`
}

// SetFlag sets a flag.
//
//tool:export
func SetFlag(in Input) error { return nil }
