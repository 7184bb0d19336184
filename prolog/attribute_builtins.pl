:- module(arena_attribute_builtins,
          [ attribute_builtin/2       % ?Head, ?Use
          ]).

/** <module> The built-ins that reach attributes and global variables

Untrusted code in a module of its own (a bot: prolog/bots/policy.pl; a
game file's code: prolog/gamefile/safety.pl) gets its own definition of
each, made before its clauses are loaded. Another module's attribute
runs that module's wake-up code when its variable is bound (`freeze`
calls its value as a goal), so the code may use only its own module as
an attribute module; global variables are the system's.

    ?- attribute_builtin(put_attr(V, M, A), Use).
    Use = own_module.
*/

%!  attribute_builtin(?Head, ?Use) is nondet.
%
%   Head is the most general call of a built-in that untrusted code gets
%   its own definition of. Use is `own_module` (allowed with the code's
%   own module as attribute module), `attributes` (refused: it reaches
%   every module's attributes) or `global_variables` (refused).

attribute_builtin(put_attr(_, _, _),  own_module).
attribute_builtin(get_attr(_, _, _),  own_module).
attribute_builtin(del_attr(_, _),     own_module).
attribute_builtin(put_attrs(_, _),    attributes).
attribute_builtin(get_attrs(_, _),    attributes).
attribute_builtin(del_attrs(_),       attributes).
attribute_builtin(b_getval(_, _),     global_variables).
attribute_builtin(nb_getval(_, _),    global_variables).
attribute_builtin(nb_current(_, _),   global_variables).
