#!/bin/sh
# A tiny external engine for `pente-cli arena` tests, speaking the bestmove contract on
# standard input and output: for each line {"id": N, "position": {..."ply": P, ...
# "player1": [...], "player2": [...]}} it answers the centre K10 on the first ply and
# otherwise the first empty point in the order A1, A2, ..., A19, B1, ... (columns A to T
# without I), which is always legal there (far from the centre, so the tournament rule
# allows it).
while IFS= read -r line; do
    id=$(printf '%s\n' "$line" | sed 's/^{"id":\([0-9]*\),.*/\1/')
    case "$line" in
    *'"ply":0,'*) move=K10 ;;
    *)
        move=
        for c in A B C D E F G H J K L M N O P Q R S T; do
            r=1
            while [ "$r" -le 19 ]; do
                case "$line" in
                *"\"$c$r\""*) ;;
                *)
                    move=$c$r
                    break 2
                    ;;
                esac
                r=$((r + 1))
            done
        done
        ;;
    esac
    printf '{"id":%s,"move":"%s","score":0,"depth":0,"nodes":0,"time_ms":0,"pv":["%s"]}\n' \
        "$id" "$move" "$move"
done
