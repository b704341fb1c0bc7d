package unneeded

func Plain() {}
