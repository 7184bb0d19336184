% expect: refused no entry point
% Defines nothing a bot must define.
best(1).
