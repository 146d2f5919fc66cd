//! Every record format of every game, on random games: several games written to one text
//! read back as the same games (start, steps, result), and replay to the same ends.

use boardgames_core::abalone::record::{AbaPro, AbaloneJson, Apgn};
use boardgames_core::abalone::{Abalone, Abalone3, Abalone4, Abalone6, Layout, Position};
use boardgames_core::backgammon::record::Turns;
use boardgames_core::backgammon::{Backgammon, Side};
use boardgames_core::pente::record::{PenteJson, PenteMoveList, PenteOrg};
use boardgames_core::pente::{OpeningRule, Pente, Variant};
use boardgames_core::record::{replay, Applied, Format, Record, RecordedResult, Step};
use boardgames_core::search::{random_chance, random_move};
use boardgames_core::{Game, GameResult, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A random game of at most `max` steps from `start`, as a record with its result (two seats).
fn random_record<G: Game>(start: &G, seed: u64, max: usize) -> (Record<G>, G) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start.clone();
    let mut steps = Vec::new();
    while steps.len() < max {
        let step = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => random_chance(&pos, &mut rng).map(Applied::Chance),
            Turn::Seat(_) => random_move(&pos, &mut rng).map(Applied::Move),
        };
        let Some(step) = step else { break };
        step.apply(&mut pos).expect("a generated step");
        steps.push(step);
    }
    let mut record = Record::of_game(start, &steps).expect("the steps apply");
    if pos.seat_count() == 2 {
        record.result = pos.outcome().map(|o| match o.result {
            GameResult::Draw => RecordedResult::Draw,
            GameResult::Win { winner, .. } if winner.0 == 0 => RecordedResult::FirstPlayerWins,
            GameResult::Win { .. } => RecordedResult::SecondPlayerWins,
        });
    }
    (record, pos)
}

/// Writes `games` with `format`, reads them back and replays them; the records' own serde
/// form reads back too.
fn round_trip<G, F>(format: &F, games: &[(Record<G>, G)], with_result: bool)
where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
    F: Format<G>,
{
    let records: Vec<Record<G>> = games.iter().map(|(r, _)| r.clone()).collect();
    for record in &records {
        let json = serde_json::to_string(record).expect("a record serialises");
        let back: Record<G> = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(&back, record);
    }
    let text = format.write(&records).expect("written");
    let back = format
        .read(&text)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", format.name()));
    assert_eq!(back.len(), games.len(), "{}\n{text}", format.name());
    for ((record, end), read) in games.iter().zip(&back) {
        assert_eq!(read.start, record.start, "{}", format.name());
        assert_eq!(read.steps, record.steps, "{}", format.name());
        if with_result {
            assert_eq!(read.result, record.result, "{}\n{text}", format.name());
        }
        let trace = replay(read);
        assert!(
            trace.illegal.is_none(),
            "{}: {:?}",
            format.name(),
            trace.illegal
        );
        assert_eq!(trace.last(), end, "{}", format.name());
    }
}

#[test]
fn pente_files_move_lists_and_json_lines() {
    for variant in [Variant::Pente, Variant::KeryoPente] {
        let start = Pente::new(variant, OpeningRule::Tournament);
        let games: Vec<_> = (0..6).map(|s| random_record(&start, s, 400)).collect();
        round_trip(&PenteOrg::new(start), &games, true);
        round_trip(&PenteJson, &games, true);
        round_trip(&PenteMoveList { default: start }, &games, true);
    }
}

fn abalone_plain<const SEATS: usize>(start: Position<SEATS>) {
    let games: Vec<_> = (0..4).map(|s| random_record(&start, s, 300)).collect();
    round_trip(&AbaPro::new(start), &games, SEATS == 2);
}

#[test]
fn abalone_apgn_json_and_plain_records_for_every_player_count() {
    for &layout in Layout::of_players(2) {
        let start = Abalone::new(layout).unwrap();
        let games: Vec<_> = (0..4).map(|s| random_record(&start, s, 300)).collect();
        round_trip(&Apgn, &games, true);
        round_trip(&AbaloneJson, &games, true);
        abalone_plain(start);
    }
    let mut limited = Abalone::new(Layout::BelgianDaisy).unwrap();
    limited.set_move_limit(Some(40));
    abalone_plain(limited);
    // A move limit is written and read back by APGN and JSON too.
    let games: Vec<_> = (0..4).map(|s| random_record(&limited, s, 300)).collect();
    round_trip(&Apgn, &games, true);
    round_trip(&AbaloneJson, &games, true);
    abalone_plain(Abalone3::start());
    abalone_plain(Abalone4::start());
    abalone_plain(Abalone6::start());
}

#[test]
fn backgammon_turns_records() {
    let start = Backgammon::new();
    for seed in 0..20 {
        round_trip(
            &Turns { default: start },
            &[random_record(&start, seed, 2_000)],
            false,
        );
    }
    // One game a text: two records are refused, not run together into one game.
    let two = [
        random_record(&start, 1, 10).0,
        random_record(&start, 2, 10).0,
    ];
    assert!(Turns { default: start }.write(&two).is_err());
    // A step after a roll's play with no roll between would join that play when read: the
    // writer refuses it (it reads a play to the next roll).
    for after in [
        Step::Written("x".into()),
        Step::Move("24/23".parse().expect("a play")),
    ] {
        let mut record = Record::new(start);
        record
            .steps
            .push(Step::Chance("31".parse().expect("a roll")));
        record
            .steps
            .push(Step::Move("8/5 6/5".parse().expect("a play")));
        record.steps.push(after);
        let e = Turns { default: start }.write(&[record]).unwrap_err();
        assert!(e.to_string().contains("follows a play"), "{e}");
    }
    // From a position other than the standard start the record opens with its XGID.
    let bear_off = Backgammon::from_position_id("AwAAcAAAAAAAAA", Side::X).expect("an ID");
    for seed in 0..5 {
        round_trip(
            &Turns { default: start },
            &[random_record(&bear_off, seed, 100)],
            false,
        );
    }
}

/// Hand-worked: what a writer cannot write so that it reads back, it refuses; what it writes
/// reads back as the record.
#[test]
fn writers_refuse_what_would_not_read_back() {
    let pente = Pente::new(Variant::Pente, OpeningRule::Tournament);
    let aba = Abalone::new(Layout::Standard).unwrap();
    // A step kept as written: only the Aba-Pro and turns readers keep such steps.
    let mut p = Record::new(pente);
    p.steps.push(Step::Written("1-0".into()));
    assert!(PenteOrg::new(pente)
        .write(std::slice::from_ref(&p))
        .is_err());
    assert!(PenteMoveList { default: pente }
        .write(std::slice::from_ref(&p))
        .is_err());
    assert!(PenteJson.write(std::slice::from_ref(&p)).is_err());
    let mut a = Record::new(aba);
    a.steps.push(Step::Written("{".into()));
    assert!(Apgn.write(std::slice::from_ref(&a)).is_err());
    assert!(AbaloneJson.write(std::slice::from_ref(&a)).is_err());
    // A tag name that reads back as a field once written (`"` becomes a space, then the
    // reader trims it) is the writer's own: the record's result stands.
    let mut p = Record::new(pente);
    p.steps.push(Step::Move("K10".parse().expect("a point")));
    p.tags.push(("Result\"".into(), "0-1".into()));
    p.result = Some(RecordedResult::FirstPlayerWins);
    let back = PenteOrg::new(pente).read(&PenteOrg::new(pente).write(&[p]).expect("written"));
    let back = back.expect("read back");
    assert_eq!(
        (back.len(), back[0].result),
        (1, Some(RecordedResult::FirstPlayerWins))
    );
    // Aba-Pro reads `#` as a comment, headers included.
    let mut a = Record::new(aba);
    a.tags.push(("Event".into(), "Club #3".into()));
    assert!(AbaPro::new(aba).write(&[a]).is_err());
    // A position header's own move limit is kept.
    let limited = "[Position \"5/6/7/8/9/8/7/6/5 b 0-0 ply=1 limit=100\"]\n*\n";
    let read = AbaPro::new(aba).read(limited).expect("read");
    assert_eq!(read[0].start.move_limit(), Some(100));
    // Turns: a start other than the reader's default is written; a record of no steps
    // reads back as one; a written step that reading would change is refused.
    let mut cube_two = Backgammon::new();
    cube_two.set_cube_value(2);
    let turns = Turns { default: cube_two };
    let mut b = Record::new(Backgammon::new());
    b.steps.push(Step::Chance("31".parse().expect("a roll")));
    let back = turns
        .read(&turns.write(&[b]).expect("written"))
        .expect("read");
    assert_eq!(back[0].start, Backgammon::new());
    let empty = Record::new(Backgammon::new());
    let standard = Turns {
        default: Backgammon::new(),
    };
    let back = standard
        .read(
            &standard
                .write(std::slice::from_ref(&empty))
                .expect("written"),
        )
        .expect("read");
    assert_eq!(back.len(), 1);
    assert_eq!((back[0].start, &back[0].steps), (empty.start, &empty.steps));
    for text in ["x#y", " x", "a  b"] {
        let mut b = Record::new(Backgammon::new());
        b.steps.push(Step::Chance("31".parse().expect("a roll")));
        b.steps.push(Step::Written(text.into()));
        assert!(standard.write(&[b]).is_err(), "{text:?}");
    }
}
