use super::*;

/// Forms worth a number though an option is not one: their stops taken from the options
/// (`max R(G^L)`, `min L(G^R)`) only bound the true ones, which the reduction's quick
/// refutations rely on (`{* | 1}`: 0 and 1 from the options, 0 and 0 in truth).
#[test]
fn forms_worth_numbers_with_options_that_are_not() {
    let mut a = Arena::new();
    for (text, value) in [
        ("{*|1}", "0"),
        ("{-1|*}", "0"),
        ("{*|*}", "0"),
        ("{*,-1|1}", "0"),
        ("{1*|3}", "1"),
        ("{{2|*}|3}", "1"),
        ("{^|1}", "1/2"),
    ] {
        let g = a.parse(text).unwrap();
        assert_eq!(a.display(g), value, "{text}");
    }
}

/// The names `x + n·↑ + *m` are found by sums; with a budget already passed those sums
/// are refused, and `*256 + {2||1|0}` printed as its whole tree of options (a test run
/// printed it for 24 minutes, 7.7 GB).
#[test]
fn a_game_prints_the_same_past_the_budget() {
    let text = "^8 + *5 + 3/4";
    let mut arena = Arena::new();
    let g = arena.parse(text).unwrap();
    let expected = arena.display(g);
    assert_eq!(expected, "3/4^8*5");
    // The next sum checks a memory budget of one byte (the arena holds more).
    let mut past = Arena::new();
    let g = past.parse(text).unwrap();
    past.set_limits(Some(cgt_core::budget::Budget::unlimited().with_memory(1)));
    past.sums_done = SUM_CHECK - 1;
    assert_eq!(past.display(g), expected);
}

/// Negation under a budget: refused up front, with nothing made, when its forms would
/// not fit; the plain negative otherwise, and free once known.
#[test]
fn negation_keeps_to_the_budget() {
    let text = "{{3|{2|1}}|{{1|0}|{0|-1,{-1|-2}}}}";
    let mut free = Arena::new();
    let g = free.parse(text).unwrap();
    let expected = free.neg(g);
    let mut tight = Arena::new();
    let g = tight.parse(text).unwrap();
    let held = tight.memory_bytes();
    let entries = tight.len();
    let need = tight.neg_bytes(g);
    assert!(need > 0);
    // A budget the arena meets, but not with the negative's forms.
    tight.set_limits(Some(
        cgt_core::budget::Budget::unlimited().with_memory(held + need / 2),
    ));
    assert!(matches!(
        tight.try_neg(g),
        Err(PartizanError::MemoryLimit { .. })
    ));
    assert_eq!(tight.len(), entries, "nothing was made");
    tight.set_limits(Some(
        cgt_core::budget::Budget::unlimited().with_memory(held + need + (1 << 20)),
    ));
    let n = tight.try_neg(g).unwrap();
    assert_eq!(tight.display(n), free.display(expected));
    // Known now: no estimate, no refusal, even with a budget of one byte.
    tight.set_limits(Some(cgt_core::budget::Budget::unlimited().with_memory(1)));
    assert_eq!(tight.try_neg(g).unwrap(), n);
    assert_eq!(tight.try_neg(n).unwrap(), g);
}

/// A small form kept by `form` is the form found afresh, whatever the order and repeats
/// of its options; and the key tells the sides apart.
#[test]
fn kept_small_forms_are_the_forms() {
    let mut a = Arena::new();
    let names = [
        "0", "*", "1", "-1", "^", "v", "1/2", "{1|-1}", "{0|-1}", "*2",
    ];
    let games: Vec<GameId> = names.iter().map(|n| a.parse(n).unwrap()).collect();
    let mut seed = 11u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut kept = 0;
    for _ in 0..3000 {
        let nl = next(5) as usize;
        let nr = next(7 - nl as u64) as usize;
        let l: Vec<GameId> = (0..nl).map(|_| games[next(10) as usize]).collect();
        let r: Vec<GameId> = (0..nr).map(|_| games[next(10) as usize]).collect();
        let remembered = a.form(&l, &r).unwrap();
        let (mut l2, mut r2) = (l.clone(), r.clone());
        l2.reverse();
        r2.reverse();
        l2.extend(l.first());
        assert_eq!(a.form(&l2, &r2).unwrap(), remembered);
        let mut fresh = Arena::new();
        let fl: Vec<GameId> = l
            .iter()
            .map(|&g| fresh.parse(&a.display(g)).unwrap())
            .collect();
        let fr: Vec<GameId> = r
            .iter()
            .map(|&g| fresh.parse(&a.display(g)).unwrap())
            .collect();
        let found = fresh.form_once(&fl, &fr).unwrap();
        assert_eq!(fresh.display(found), a.display(remembered), "{l:?} | {r:?}");
        kept = a.small_forms.len();
    }
    assert!(kept > 100, "{kept}");
    // The key against sorting and dropping repeats side by side.
    for _ in 0..3000 {
        let nl = next(4) as usize;
        let nr = next(7 - nl as u64) as usize;
        let l: Vec<GameId> = (0..nl).map(|_| GameId(next(6) as u32)).collect();
        let r: Vec<GameId> = (0..nr).map(|_| GameId(next(6) as u32)).collect();
        let mut expected = Vec::new();
        for side in [&l, &r] {
            let mut ids: Vec<u32> = side.iter().map(|g| g.0).collect();
            ids.sort_unstable();
            ids.dedup();
            expected.extend(ids);
            expected.push(u32::MAX);
        }
        expected.resize(SMALL_FORM_OPTIONS + 2, u32::MAX);
        assert_eq!(
            small_form_key(&l, &r).unwrap().to_vec(),
            expected,
            "{l:?} | {r:?}"
        );
    }
    let (zero, star) = (games[0], games[1]);
    assert_ne!(
        small_form_key(&[zero], &[star]),
        small_form_key(&[zero, star], &[])
    );
    assert_ne!(
        small_form_key(&[zero], &[star]),
        small_form_key(&[star], &[zero])
    );
}

/// Every form over options drawn from games born by day 2 comes out of `explain_form` as
/// out of `form`, and a form with steps is never given back unchanged.
#[test]
fn explained_forms_are_the_forms() {
    let mut a = Arena::new();
    let names = [
        "0", "*", "1", "-1", "^", "v", "1/2", "{1|-1}", "{0|-1}", "2",
    ];
    let games: Vec<GameId> = names.iter().map(|n| a.parse(n).unwrap()).collect();
    let mut with_steps = 0;
    for mask_l in 0u32..16 {
        for mask_r in 0u32..16 {
            let pick = |m: u32, off: usize| -> Vec<GameId> {
                (0..4)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| games[i + off])
                    .collect()
            };
            let (l, r) = (pick(mask_l, 0), pick(mask_r, 4));
            let plain = a.form(&l, &r).unwrap();
            let (explained, steps) = a.explain_form(&l, &r).unwrap();
            assert_eq!(plain, explained);
            if !steps.is_empty() {
                with_steps += 1;
            }
            for s in &steps {
                if let FormStep::Dominated { side, option, by } = s {
                    let dominated = match side {
                        Player::Left => a.le(*option, *by),
                        Player::Right => a.le(*by, *option),
                    };
                    assert!(dominated);
                }
            }
        }
    }
    assert!(with_steps > 50, "{with_steps}");
}
