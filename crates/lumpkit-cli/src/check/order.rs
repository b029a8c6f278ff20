//! The order workers take files in: the biggest files first, then the rest in walk order.
//!
//! A big archive taken last keeps one worker busy after the others have run out of files (the 2.7 MB
//! LZMA ZIP of the shared corpus was about a seventh of `check --jobs 2`'s wall time, alone at the
//! end). Started first, it runs beside the small files. Output is still printed in walk order.

/// Files at least this big are started first, biggest first.
const BIG: u64 = 1 << 20;

/// At most this many: each result checked ahead of its turn waits in memory for the printer.
const MOST_AHEAD: usize = 64;

/// Indices into the walk's files, in the order workers take them. `sizes` are the files' sizes in
/// walk order (0 when unknown).
pub fn work_order(sizes: &[u64]) -> Vec<usize> {
    let mut big: Vec<usize> = (0..sizes.len())
        .filter(|&i| sizes.get(i).is_some_and(|&s| s >= BIG))
        .collect();
    // Stable: equal sizes keep walk order.
    big.sort_by_key(|&i| std::cmp::Reverse(sizes.get(i).copied().unwrap_or(0)));
    big.truncate(MOST_AHEAD);
    let mut ahead = vec![false; sizes.len()];
    for &i in &big {
        if let Some(a) = ahead.get_mut(i) {
            *a = true;
        }
    }
    let rest = (0..sizes.len()).filter(|&i| !ahead.get(i).copied().unwrap_or(false));
    big.into_iter().chain(rest).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn biggest_first_then_walk_order() {
        let m = BIG;
        assert_eq!(work_order(&[1, 2 * m, 3, m, 3 * m, 0]), [4, 1, 3, 0, 2, 5]);
        assert_eq!(work_order(&[]), Vec::<usize>::new());
        assert_eq!(work_order(&[5, 6]), [0, 1]);
    }

    #[test]
    fn a_permutation_with_few_ahead() {
        let sizes: Vec<u64> = (0..200u64).map(|i| (i % 7) * BIG).collect();
        let order = work_order(&sizes);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..200).collect::<Vec<_>>());
        // After the ones taken ahead, walk order.
        assert!(order[MOST_AHEAD..].windows(2).all(|w| w[0] < w[1]));
    }
}
