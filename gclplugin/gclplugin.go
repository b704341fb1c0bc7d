// Package gclplugin makes the toolschema analyzers a golangci-lint (v2)
// module plugin named "toolschema". A custom golangci-lint binary built
// with `golangci-lint custom` imports this package, which registers the
// plugin; .golangci.yml enables it and passes its settings:
//
//	linters:
//	  enable:
//	    - toolschema
//	  settings:
//	    custom:
//	      toolschema:
//	        type: module
//	        description: checks the toolschema contract (every OLT rule)
//	        settings:
//	          providers: [openai, anthropic]
//	          quality: true
//	          migrate: true
//
// The settings are those of toolvet's flags, all off by default:
// providers lists the providers whose mode OLT015 checks ("openai",
// "anthropic", "gemini" for their strict modes, "openai:nonstrict" for a
// non-strict one); quality turns on the contract-quality
// checks OLT016 to OLT019 and the execution-policy checks OLT026 to
// OLT028; migrate turns on OLT022, whose fixes rewrite the peers' tags
// into the native ones. An unknown setting is an error. See
// docs/editors.md.
package gclplugin

import (
	"fmt"
	"os"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/olt"
)

// name is the plugin's name: the key under linters.settings.custom and the
// name to enable, and the linter name golangci-lint shows and //nolint
// takes.
const name = "toolschema"

func init() { register.Plugin(name, New) }

// settings are the plugin's settings in .golangci.yml (see the package
// doc).
type settings struct {
	// Providers lists the providers whose strict mode OLT015 checks:
	// "openai", "anthropic", "gemini".
	Providers []string `json:"providers"`
	// Quality turns on the contract-quality checks OLT016 to OLT019 and the
	// execution-policy checks OLT026 to OLT028.
	Quality bool `json:"quality"`
	// Migrate turns on OLT022, whose fixes rewrite the peers' tags into
	// the native ones.
	Migrate bool `json:"migrate"`
}

// plugin is the toolschema linter for golangci-lint.
type plugin struct {
	settings settings
}

var _ register.LinterPlugin = (*plugin)(nil)

// New decodes the settings golangci-lint passes (the YAML map under
// settings, or nil) and returns the plugin. An unknown key or provider is
// an error, so that a typo does not silently turn a check off.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[settings](raw)
	if err != nil {
		return nil, fmt.Errorf("toolschema: %w", err)
	}
	p := &plugin{settings: s}
	if _, err := p.BuildAnalyzers(); err != nil {
		return nil, err
	}
	return p, nil
}

// BuildAnalyzers returns the rule analyzers, one per rule, configured
// by the settings. Their messages leave out the rule's ID: golangci-lint
// puts the analyzer's name, which is the ID, before each message.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	as, err := olt.NewAnalyzers(olt.Config{
		Providers:  p.settings.Providers,
		Quality:    p.settings.Quality,
		Migrate:    p.settings.Migrate,
		NoIDPrefix: true,
		// golangci-lint runs where the package's files are: OLT029
		// reads the revision lock there.
		ReadLock: os.ReadFile,
	})
	if err != nil {
		return nil, fmt.Errorf("toolschema: providers: %w", err)
	}
	return as, nil
}

// GetLoadMode asks for type information: the rules read go/types.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
