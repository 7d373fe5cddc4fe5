// WaylandClient: filled in by its issue work.
