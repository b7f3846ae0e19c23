use cgt_partizan::loopy::LoopyGame;
fn main() {
    for depth in [50usize, 100, 150, 200, 256] {
        let t = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let s = format!("{}pass{}", "{".repeat(depth), "|}".repeat(depth));
                let ok = LoopyGame::parse(&s).map(|g| g.len());
                let s2 = format!("{}0{}", "{".repeat(depth), "|}".repeat(depth));
                let ok2 = LoopyGame::parse(&s2).map(|g| g.len());
                let s3 = format!("{}on{}", "{".repeat(depth), "|}".repeat(depth));
                let ok3 = LoopyGame::parse(&s3).map(|g| (g.len(), g.display().len()));
                (ok.is_ok(), ok2.is_ok(), ok3.map(|x| x.0).is_ok())
            })
            .unwrap();
        println!("{depth}: {:?}", t.join());
    }
}
