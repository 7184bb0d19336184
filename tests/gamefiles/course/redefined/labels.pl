label(b, 'Bob').
