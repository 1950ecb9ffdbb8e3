// iters.rs: the shape of a Rust debug build (issue 15): iterator chains
// (map, filter, zip, enumerate, fold), closures and small generic
// functions, built with `rustc -g -C opt-level=0`, where every adapter's
// next() and every closure is a real call with its own prologue and
// epilogue, called millions of times.
//
// Usage: iters [ROUNDS] (default 200). Prints a checksum of its own work.

#[derive(Clone, Copy)]
struct Point {
    x: i64,
    y: i64,
}

impl Point {
    fn new(x: i64, y: i64) -> Self {
        Point { x, y }
    }
    fn x(&self) -> i64 {
        self.x
    }
    fn y(&self) -> i64 {
        self.y
    }
    fn norm1(&self) -> i64 {
        self.x().abs() + self.y().abs()
    }
}

trait Shape {
    fn area(&self) -> i64;
}

struct Rect {
    w: i64,
    h: i64,
}

impl Shape for Rect {
    fn area(&self) -> i64 {
        self.w * self.h
    }
}

fn largest<T: PartialOrd + Copy>(xs: &[T]) -> Option<T> {
    let mut it = xs.iter();
    let mut best = *it.next()?;
    for &x in it {
        if x > best {
            best = x;
        }
    }
    Some(best)
}

fn add<T: std::ops::Add<Output = T>>(a: T, b: T) -> T {
    a + b
}

fn round(points: &[Point], shapes: &[Rect], k: i64) -> i64 {
    let s1: i64 = points.iter().map(|p| p.norm1()).filter(|n| n % 3 != k % 3).sum();
    let s2: i64 = points
        .iter()
        .zip(shapes.iter())
        .enumerate()
        .map(|(i, (p, r))| add(p.x() * r.area(), i as i64))
        .fold(0, |acc, v| acc.wrapping_add(v));
    let ys: Vec<i64> = points.iter().map(Point::y).collect();
    let m = largest(&ys).unwrap_or(0);
    let words = ["alpha", "beta", "gamma", "delta"];
    let s3: usize = words.iter().filter(|w| w.contains('a')).map(|w| w.len()).sum();
    s1 + s2 + m + s3 as i64
}

fn main() {
    let rounds: i64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let points: Vec<Point> = (0..500).map(|i| Point::new(i * 7 % 101 - 50, i * 13 % 97 - 48)).collect();
    let shapes: Vec<Rect> = (0..500).map(|i| Rect { w: i % 17, h: i % 5 + 1 }).collect();
    let mut total: i64 = 0;
    for k in 0..rounds {
        total = total.wrapping_add(round(&points, &shapes, k));
    }
    println!("iters {}", total);
}
