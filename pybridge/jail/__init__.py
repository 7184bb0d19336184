"""The jail of untrusted processes (bot hosts and game hosts): bubblewrap's
namespaces, and the bounds on processes, memory and time around them."""
