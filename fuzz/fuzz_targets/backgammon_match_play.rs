//! The backgammon session (`Match`: money game or match, with the cube) as a game: from a new
//! session (money with or without the Jacoby rule, or a match of a fuzz-chosen length, with
//! fuzz-chosen optional rules: beavers, raccoons, automatic doubles, the Holland rule) or a
//! setup taken from the bytes, throws fuzz-chosen dice and takes fuzz-chosen decisions (plays,
//! roll, double, take, drop, beaver, resign, accept, reject). At every step
//! (see `boardgames_fuzz::walk`): each chosen action is accepted by `is_legal` and `play`; an
//! action built from the bytes (any word, a checked play, a play of another roll) or legal in an
//! earlier state is accepted exactly when generated, and a refused one leaves the session
//! unchanged; a throw of the wrong kind (an opening throw before a roll, a roll at the opening,
//! equal opening dice) is refused without a change; a resignation offered with
//! `offer_resignation` when none may be leaves the session unchanged; the setup (as text too),
//! the two IDs read by `Match::from_ids` (where the setup has no optional words), the Match ID
//! on its own and the JSON session round-trip. At the end the conformance kit checks the last state.
#![no_main]

use boardgames_core::backgammon::{
    Match, MatchAction, MatchId, MatchRules, Phase, SetupOptions, Throw, WinKind,
};
use boardgames_core::Game;
use boardgames_fuzz::backgammon::{dice, foreign_play, side};
use boardgames_fuzz::{unchanged_if_err, walk, Bytes, Hooks};
use libfuzzer_sys::fuzz_target;

const KINDS: [WinKind; 3] = [WinKind::Single, WinKind::Gammon, WinKind::Backgammon];

fn foreign_action(m: &Match, b: &mut Bytes) -> Option<MatchAction> {
    let w = b.byte()?;
    Some(match w % 9 {
        0 => MatchAction::Roll,
        1 => MatchAction::Double,
        2 => MatchAction::Take,
        3 => MatchAction::Drop,
        4 => MatchAction::Resign(KINDS[usize::from(w >> 4) % 3]),
        5 => MatchAction::Accept,
        6 => MatchAction::Reject,
        7 => MatchAction::Beaver,
        _ => MatchAction::Play(foreign_play(m.position(), b)?),
    })
}

fn foreign_throw(_: &Match, b: &mut Bytes) -> Option<Throw> {
    let w = b.byte()?;
    if w & 1 == 0 {
        Some(Throw::Opening {
            x: w >> 1 & 7,
            o: w >> 4 & 7,
        })
    } else {
        dice(b).map(Throw::Roll)
    }
}

fn check(m: &Match) {
    let id = m.match_id();
    let text = id.encode();
    match MatchId::decode(&text) {
        Ok(back) => assert_eq!(back, id, "Match ID {text}"),
        Err(e) => panic!("Match ID {text} does not decode: {e}"),
    }
    let pid = m.position_id();
    let setup = m.to_setup().to_string();
    match Match::from_text(&setup) {
        Ok(back) => assert_eq!(&back, m, "setup {setup}"),
        Err(e) => panic!("setup {setup} does not read back: {e}"),
    }
    // The IDs say everything but the choice to roll without doubling and the optional rules
    // (the setup's extra words).
    if m.phase() != Phase::Rolling && m.to_setup().options == SetupOptions::default() {
        match Match::from_ids(&pid, &text) {
            Ok(back) => assert_eq!(&back, m, "IDs {pid}:{text}"),
            Err(e) => panic!("IDs {pid}:{text} do not read back: {e}"),
        }
    }
    let json = serde_json::to_string(m).expect("a session serialises");
    match serde_json::from_str::<Match>(&json) {
        Ok(back) => assert_eq!(&back, m, "JSON {json}"),
        Err(e) => panic!("JSON {json} does not read back: {e}"),
    }
}

const HOOKS: Hooks<Match> = Hooks {
    foreign_move: foreign_action,
    foreign_chance: foreign_throw,
    candidates: |m| {
        let mut all = vec![
            MatchAction::Roll,
            MatchAction::Double,
            MatchAction::Take,
            MatchAction::Drop,
            MatchAction::Beaver,
            MatchAction::Accept,
            MatchAction::Reject,
        ];
        all.extend(MatchAction::RESIGNATIONS);
        all.extend(
            boardgames_fuzz::backgammon::candidates(m.position())
                .into_iter()
                .map(MatchAction::Play),
        );
        all
    },
    check,
    operate: |m, b| {
        let Some(w) = b.byte() else { return };
        let kind = KINDS[usize::from(w >> 1) % 3];
        unchanged_if_err(m, |m| m.offer_resignation(side(w), kind));
    },
};

fn start(b: &mut Bytes) -> Match {
    let mode = b.byte().unwrap_or(0);
    let rules = match mode & 3 {
        0 => MatchRules::money(false),
        1 => MatchRules::money(true),
        2 => MatchRules::to_points(u16::from(mode >> 2 & 31) + 1),
        _ => MatchRules::to_points(b.u16().unwrap_or(1)),
    };
    // The optional rules (each kept only where it belongs, by `Match::new`).
    let options = if mode & 0x40 == 0 { 0 } else { b.byte().unwrap_or(0) };
    let mut rules = rules
        .with_beavers(options & 3, options & 4 != 0)
        .with_auto_doubles(options >> 3 & 3);
    if options & 0x20 != 0 {
        rules = rules.with_holland();
    }
    let fresh = Match::new(rules);
    if mode & 0x80 == 0 {
        return fresh;
    }
    let len = usize::from(b.byte().unwrap_or(0) & 63);
    let text: Vec<u8> = (0..len).filter_map(|_| b.byte()).collect();
    std::str::from_utf8(&text)
        .ok()
        .and_then(|t| Match::from_text(t).ok())
        .unwrap_or(fresh)
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let first = start(&mut b);
    let _ = walk(first, &mut b, 300, &HOOKS);
});
