//! Pente and Keryo-Pente behaviour: from the empty board (either variant, with or without the
//! tournament rule) or from a position string taken from the bytes, plays fuzz-chosen legal
//! moves. At every step (see `boardgames_fuzz::walk`): each chosen move is accepted by
//! `is_legal` and `play`; a point from the bytes or a move of an earlier position is accepted
//! exactly when generated, and a refused one leaves the position unchanged; `place` agrees
//! with `play` and a refused `place` changes nothing; the position string round-trips
//! (`from_text(to_setup().to_string()) == x`) and so does the JSON position. At the end the
//! conformance kit checks the last position with every point of the board as a candidate, and
//! its JSON with `check_serde`.
#![no_main]

use boardgames_core::conformance::check_serde;
use boardgames_core::pente::{OpeningRule, Pente, Point, Variant, INDEX_RANGE};
use boardgames_core::Game;
use boardgames_fuzz::{try_move, unchanged_if_err, walk, Bytes, Hooks};
use libfuzzer_sys::fuzz_target;

fn point(b: &mut Bytes) -> Option<Point> {
    let i = usize::from(b.u16()?) % INDEX_RANGE;
    Point::from_index(i)
}

fn start(b: &mut Bytes) -> Pente {
    let mode = b.byte().unwrap_or(0);
    let variant = if mode & 1 == 0 {
        Variant::Pente
    } else {
        Variant::KeryoPente
    };
    let fresh = Pente::new(variant, OpeningRule::from_tournament_rule(mode & 2 != 0));
    if mode & 4 == 0 {
        return fresh;
    }
    // A position string: length byte, then the text.
    let len = usize::from(b.byte().unwrap_or(0));
    let mut text = Vec::with_capacity(len);
    for _ in 0..len {
        text.extend(b.byte());
    }
    std::str::from_utf8(&text)
        .ok()
        .and_then(|t| Pente::from_text(t).ok())
        .unwrap_or(fresh)
}

const HOOKS: Hooks<Pente> = Hooks {
    foreign_move: |_, b| point(b),
    foreign_chance: |_, _| None,
    candidates: |_| Point::all().collect(),
    check: |pos| {
        let json = serde_json::to_string(pos).expect("a position serialises");
        let back: Pente = serde_json::from_str(&json).expect("its JSON reads back");
        assert_eq!(&back, pos, "JSON {json} reads as another position");
    },
    operate: |pos, b| {
        let Some(p) = point(b) else { return };
        let moves = pos.moves();
        try_move(pos, &moves, p);
        let mut placed = *pos;
        unchanged_if_err(&mut placed, |q| q.place(p).map(|_| ()));
        if placed != *pos {
            let mut played = *pos;
            played.play(p).expect("a point place accepts is legal");
            assert_eq!(placed, played, "place({p}) differs from play");
        }
    },
};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let first = start(&mut b);
    let last = walk(first, &mut b, 400, &HOOKS);
    if let Err(e) = check_serde(&last) {
        panic!("{e}");
    }
});
