other(a, b).
other(b, a).
