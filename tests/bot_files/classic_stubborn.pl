% A classic bot (x only) that always answers the centre: legal once, then
% illegal every time (the random policy plays a random move instead).
x_inicia(5).

x_responde(_, 5).
