package serve

// addCheckRoute adds POST /v1/check once package check exists.
func addCheckRoute(h *handler) {}
