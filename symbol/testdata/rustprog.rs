// Fixture for Rust symbolization: generic functions, trait methods and
// closures, so that Rust's legacy and v0 mangled names and inline frames are
// exercised.
use std::collections::HashMap;

trait Shape {
    fn area(&self) -> f64;
}

struct Rect {
    w: f64,
    h: f64,
}

impl Shape for Rect {
    #[inline(never)]
    fn area(&self) -> f64 {
        self.w * self.h
    }
}

#[inline(never)]
fn total<T: Shape>(shapes: &[T]) -> f64 {
    shapes.iter().map(|s| s.area()).sum()
}

fn main() {
    let n = std::env::args().count();
    let shapes: Vec<Rect> = (0..10 * n).map(|i| Rect { w: i as f64, h: n as f64 }).collect();
    let mut m: HashMap<String, f64> = HashMap::new();
    m.insert("total".to_string(), total(&shapes));
    println!("{:?}", m);
}
