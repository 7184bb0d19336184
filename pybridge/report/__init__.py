"""A championship's published results: gathered from its folder, and its pages."""
