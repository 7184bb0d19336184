"""The engine: the one place that calls pyswip, the engine interface, and the
game host that runs a game file's code in a process of its own."""
