//! Regression tests for the findings of the fuzz targets (`fuzz/`, results in
//! `docs/reliability.md`): each reproduces a crashing fuzz input through the public API,
//! with the input's bytes quoted.

use boardgames_core::abalone::{Abalone, Abalone6, EndReason, Layout};
use boardgames_core::{Game, Turn};

/// The setup of `pos` gives `pos` back, in value and in text.
fn round_trips<G: Game>(pos: &G) {
    let setup = pos.to_setup();
    let text = setup.to_string();
    match G::from_setup(setup) {
        Ok(back) => assert_eq!(&back, pos, "from_setup(to_setup())"),
        Err(e) => panic!("from_setup(to_setup()) fails: {e}"),
    }
    match G::from_text(&text) {
        Ok(back) => assert_eq!(&back, pos, "from_text({text:?})"),
        Err(e) => panic!("from_text({text:?}) fails: {e}"),
    }
}

/// `abalone_play`, input `20 24 62 65 01 00 00 00 7e e5 62`: a limit of 1, a move (the limit
/// ends the game), then the limit cleared. The position kept its end by the move limit
/// without a limit, which no setup says: `from_setup(to_setup())` gave a running game.
#[test]
fn clearing_the_limit_of_a_game_the_limit_ended_keeps_a_setup() {
    let mut pos = Abalone::new(Layout::Standard).unwrap();
    pos.set_move_limit(Some(1));
    pos.play(pos.parse_move("a1b2").unwrap()).unwrap();
    assert_eq!(pos.end_reason(), Some(EndReason::MoveLimit));
    pos.set_move_limit(None);
    assert_eq!(pos.turn(), Turn::Over);
    round_trips(&pos);
    assert_eq!(pos.end_reason(), Some(EndReason::MoveLimit));
    assert_eq!(pos.move_limit(), Some(1));
}

/// `abalone_multi_play` (six players), input
/// `65 bf bf bf bf bf bf 23 65 e9 01 00 00 1a 28 0a 0a 48`: two moves, then a limit of 1. The
/// game ended at ply 2 with a limit of 1, and `from_setup(to_setup())` failed: "ply 2 is past
/// the move limit 1".
#[test]
fn a_limit_below_the_ply_ends_the_game_with_a_setup() {
    let mut pos = Abalone6::start();
    for _ in 0..2 {
        let mv = pos.nth_legal_move(0).unwrap();
        pos.play(mv).unwrap();
    }
    pos.set_move_limit(Some(1));
    assert_eq!(pos.turn(), Turn::Over);
    round_trips(&pos);
    assert_eq!(pos.end_reason(), Some(EndReason::MoveLimit));
    assert_eq!(pos.move_limit(), Some(2));

    let mut two = Abalone::new(Layout::BelgianDaisy).unwrap();
    for _ in 0..3 {
        let mv = two.nth_legal_move(0).unwrap();
        two.play(mv).unwrap();
    }
    two.set_move_limit(Some(2));
    assert_eq!(two.turn(), Turn::Over);
    round_trips(&two);
}

/// The records `format` reads from `text` write back to text that reads as the same records
/// (their starts and steps), or the writer refuses them with a message holding `refusal`
/// (empty: it may not refuse).
fn round_trips_or_refuses<G, F>(format: &F, text: &str, refusal: &str)
where
    G: Game,
    F: boardgames_core::record::Format<G>,
{
    let records = format.read(text).expect("the input reads");
    match format.write(&records) {
        Ok(written) => {
            let again = format.read(&written).expect("written records read");
            assert_eq!(again.len(), records.len());
            for (a, b) in again.iter().zip(&records) {
                assert_eq!((&a.start, &a.steps), (&b.start, &b.steps));
            }
        }
        Err(e) => assert!(
            !refusal.is_empty() && e.to_string().contains(refusal),
            "{e}"
        ),
    }
}

/// `record_plain`, input `@\t\tpid:` (`tests/data/fuzz/turns_header_like_step.txt`): the
/// one-turn-a-line record read two steps kept as written, `@` and `pid:`, and wrote each on
/// its own line; the line `pid:` then read as an empty Position ID header ("bad Position ID
/// \"\""). The writer now refuses such a step instead of writing text that does not read back.
#[test]
fn a_turns_step_that_reads_as_a_header_is_not_written() {
    use boardgames_core::backgammon::record::Turns;
    use boardgames_core::backgammon::Backgammon;

    let text = include_str!("../data/fuzz/turns_header_like_step.txt");
    let format = Turns {
        default: Backgammon::new(),
    };
    round_trips_or_refuses(&format, text, "would read as a start header");
}

/// `pente_pgn` (`tests/data/fuzz/pente_pgn_game_count.txt`): a pente.org file read as 4 games
/// wrote back to text that read as 5. A tag line holding `#` was a tag for the tag reader but,
/// cut at the comment, a move line for the game splitter, which then split at the next tag.
#[test]
fn pente_org_games_write_back_to_as_many_games() {
    use boardgames_core::pente::record::PenteOrg;
    use boardgames_core::pente::{OpeningRule, Pente, Variant};
    use boardgames_core::record::Format;

    let text = include_str!("../data/fuzz/pente_pgn_game_count.txt");
    let format = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament));
    round_trips_or_refuses(&format, text, "");
    // The realistic case: a tag value with the comment character.
    let text = "[Event \"Club #3\"]\n[Round \"1\"]\n1. K10 L9 *\n";
    assert_eq!(format.read(text).expect("reads").len(), 1);
}

/// `backgammon_match_file` (`tests/data/fuzz/match_file_tag_quote.txt`): the comment tag line
/// `;[<CR>t"[<NUL>h(:]`, with a single quote, read as the tag named `t"[<NUL>h(:` with an
/// empty value, which writes back as `[t"[<NUL>h(: ""]` and reads as the tag `t` =
/// `[<NUL>h(: "`. A single quote now opens the value, so a name never holds one.
#[test]
fn match_file_tags_round_trip() {
    use boardgames_core::backgammon::record::{read_match, write_match};

    let text = include_str!("../data/fuzz/match_file_tag_quote.txt");
    let record = read_match(text).expect("the input reads");
    assert_eq!(read_match(&write_match(&record)).as_ref(), Ok(&record));
}

/// `backgammon_match_file`, second run (`tests/data/fuzz/match_file_quotes_in_value.txt`): a
/// comment tag whose value is quotes (`t` = `""""...`) is written with each `"` turned into
/// `'`, so it read back as another value. The loose reader takes everything between the first
/// and the last quote, so the writer now writes quotes as they are.
#[test]
fn match_file_tag_values_with_quotes_round_trip() {
    use boardgames_core::backgammon::record::{read_match, write_match};

    let text = include_str!("../data/fuzz/match_file_quotes_in_value.txt");
    let record = read_match(text).expect("the input reads");
    assert_eq!(read_match(&write_match(&record)).as_ref(), Ok(&record));
}

/// `record_plain`, second run (`tests/data/fuzz/abapro_result_like_step.txt`, three-player
/// Aba-Pro): the steps kept as written `a`, `\u{5}`, `*` write back to text that reads the `*`
/// as no step (a result mark), so the record lost a step. Fixed: the writer refuses a step
/// kept as written that would not read back as one (`RecordError::UnwritableStep`).
#[test]
fn abapro_written_steps_round_trip() {
    use boardgames_core::abalone::record::AbaPro;
    use boardgames_core::abalone::Abalone3;

    let text = include_str!("../data/fuzz/abapro_result_like_step.txt");
    let format = AbaPro::new(Abalone3::start());
    round_trips_or_refuses(&format, text, "would not read back");
}

/// `pente_pgn`, re-run after fix 5 (`tests/data/fuzz/pente_pgn_bracket_tags.txt`): tag lines of
/// brackets only (`[[[[...]`) read as 3 games that write back to text read as 4; the game
/// splitter names such a tag by its text after the leading `[`s (empty) while the tag reader
/// keeps them. Fixed: the splitter takes the name after the one opening `[`, as the readers do.
#[test]
fn pente_org_bracket_tags_write_back_to_as_many_games() {
    use boardgames_core::pente::record::PenteOrg;
    use boardgames_core::pente::{OpeningRule, Pente, Variant};

    let text = include_str!("../data/fuzz/pente_pgn_bracket_tags.txt");
    let format = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament));
    round_trips_or_refuses(&format, text, "");
}

/// `pente_pgn`, re-run after fix 8 (`tests/data/fuzz/pente_pgn_spaced_brackets.txt`): lines of
/// brackets with spaces inside (`[[[[[[   [[[[[[[]`) read as 3 games that wrote back to text
/// read as 4.
#[test]
fn pente_org_spaced_bracket_tags_write_back_to_as_many_games() {
    use boardgames_core::pente::record::PenteOrg;
    use boardgames_core::pente::{OpeningRule, Pente, Variant};

    let text = include_str!("../data/fuzz/pente_pgn_spaced_brackets.txt");
    let format = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament));
    round_trips_or_refuses(&format, text, "");
}

/// `backgammon_match_file`, re-run after fix 7 (`tests/data/fuzz/match_file_no_length.txt`):
/// a record whose games carry no match-length line wrote back to text that read as having "a
/// second match length".
#[test]
fn match_file_without_a_length_round_trips() {
    use boardgames_core::backgammon::record::{read_match, write_match};

    let text = include_str!("../data/fuzz/match_file_no_length.txt");
    let record = read_match(text).expect("the input reads");
    assert_eq!(read_match(&write_match(&record)).as_ref(), Ok(&record));
}

/// `record_plain`, re-run after fix 3 (`tests/data/fuzz/turns_roll_like_step.txt`): the
/// one-turn-a-line record kept the step `66:** A6[[` as written, and wrote it back as text that
/// read as a roll and a play, so a written step became a move.
#[test]
fn a_turns_step_kept_as_written_stays_written() {
    use boardgames_core::backgammon::record::Turns;
    use boardgames_core::backgammon::Backgammon;

    let text = include_str!("../data/fuzz/turns_roll_like_step.txt");
    let format = Turns {
        default: Backgammon::new(),
    };
    round_trips_or_refuses(&format, text, "would not read back");
}

/// `record_plain`, campaign of 2026-12-02 (`tests/data/fuzz/turns_unrolled_play.txt`, the
/// text `9/o,9/o,`): a play of two moves written without spaces and without a roll before it
/// read as one step, which wrote back as `9/off 9/off` and read as two steps (a word each,
/// as plays without a roll are read). The writer now refuses a step of several words with no
/// roll before it.
#[test]
fn a_turns_play_without_its_roll_stays_one_step() {
    use boardgames_core::backgammon::record::Turns;
    use boardgames_core::backgammon::Backgammon;

    let text = include_str!("../data/fuzz/turns_unrolled_play.txt");
    let format = Turns {
        default: Backgammon::new(),
    };
    round_trips_or_refuses(&format, text, "would not read back");
}

/// `record_plain`, campaign of 2026-12-02, after fix 12 (`tests/data/fuzz/abapro_bracket_lines.txt`):
/// an Aba-Pro line `[-\u{1}"]"]#*...` is a header for the reader once its comment is cut, but
/// the game splitter named it from the whole line, which is no tag; so a game held two tags
/// of one name, which wrote back as two games. The splitter now names a header as the
/// format's reader reads it.
#[test]
fn abapro_headers_are_named_as_the_reader_reads_them() {
    use boardgames_core::abalone::record::AbaPro;
    use boardgames_core::abalone::{Abalone, Abalone3, Layout};

    let text = include_str!("../data/fuzz/abapro_bracket_lines.txt");
    round_trips_or_refuses(
        &AbaPro::new(Abalone::new(Layout::Standard).unwrap()),
        text,
        "",
    );
    round_trips_or_refuses(&AbaPro::new(Abalone3::start()), text, "");
}
