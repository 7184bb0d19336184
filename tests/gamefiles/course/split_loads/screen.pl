:- reconsult('clear.pl').
