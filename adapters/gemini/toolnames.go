package geminiadapter

// ToolNames returns the names of the tools the model can call now, as the
// last request gave them: the function declarations of Config's tools, by
// their wire names. The runner (loop.Runner.Run) answers a call of a name
// its set does not have with them; a tool a Catalog's search found that
// no request had room for (see Conversation.Catalog) is not among them,
// and the runner counts it apart.
func (c *Conversation) ToolNames() []string {
	if c.Config == nil {
		return nil
	}
	var names []string
	for _, t := range c.Config.Tools {
		if t == nil {
			continue
		}
		for _, fd := range t.FunctionDeclarations {
			if fd != nil {
				names = append(names, fd.Name)
			}
		}
	}
	return names
}
