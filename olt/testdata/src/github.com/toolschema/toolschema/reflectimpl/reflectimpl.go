// Package reflectimpl is a stand-in for the reflectimpl package in
// analyzer tests: tools made by reflection.
package reflectimpl

import "github.com/toolschema/toolschema/tool"

type Option func()

func Meta(tool.Meta) Option { return nil }

func RequiredFromTags() Option { return nil }

func Create(fn any, opts ...Option) (*tool.Tool, error) { return nil, nil }

type Cache struct{}

func (c *Cache) Create(fn any, opts ...Option) (*tool.Tool, error) { return nil, nil }
