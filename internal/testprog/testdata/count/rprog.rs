// rprog.rs: a deterministic Rust program for sonde count: rustc links it
// with lld (its read-only and executable segments share a file page), and
// its function names are mangled with a hash (rprog::collatz is
// _ZN5rprog7collatz17h0123456789abcdefE). collatz(n) runs for every n
// below the limit given as the first argument (default 1000).

#[inline(never)]
fn collatz(mut n: u64) -> u32 {
    let mut steps = 0;
    while n != 1 {
        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
        steps += 1;
    }
    steps
}

#[inline(never)]
fn longest(limit: u64) -> (u64, u32) {
    let mut best = (1, 0);
    for n in 1..limit {
        let s = collatz(std::hint::black_box(n));
        if s > best.1 {
            best = (n, s);
        }
    }
    best
}

fn main() {
    let limit = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let (n, s) = longest(limit);
    println!("{} {}", n, s);
}
