winner_after(P, W) :- other(P, W).
