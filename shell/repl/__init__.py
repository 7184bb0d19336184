"""The interactive shell: the prompt loop, its session, and its commands by family."""
