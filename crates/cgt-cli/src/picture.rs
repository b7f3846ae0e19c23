//! Pictures of Grundy tables: PNG heat maps and small SVGs.

use crate::output::{CliError, write_atomic};

/// Draws an `n × n` table (row `a` top to bottom, column `b` left to right): P-positions
/// (value 0) black, other values on a blue-to-yellow scale. `.png` for any size, `.svg` for
/// `n ≤ 256`.
pub(crate) fn write_wythoff(path: &str, n: usize, table: &[u32]) -> Result<(), CliError> {
    let max = table.iter().copied().max().unwrap_or(0).max(1);
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".png") {
        let side = u32::try_from(n.max(1)).map_err(|_| CliError::input("picture too large"))?;
        let mut pixels = Vec::with_capacity(n * n * 3);
        for &v in table {
            pixels.extend_from_slice(&colour(v, max));
        }
        if n == 0 {
            pixels.extend_from_slice(&[255, 255, 255]);
        }
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, side, side);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder
                .write_header()
                .map_err(|e| CliError::failure(format!("cannot encode PNG: {e}")))?;
            writer
                .write_image_data(&pixels)
                .map_err(|e| CliError::failure(format!("cannot encode PNG: {e}")))?;
        }
        write_atomic(path, &bytes)
    } else if lower.ends_with(".svg") {
        if n > 256 {
            return Err(CliError::input(format!(
                "an SVG picture is limited to N <= 256 (got {n}); use a .png file"
            )));
        }
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {n} {n}\" width=\"{}\" height=\"{}\" shape-rendering=\"crispEdges\">\n<title>Wythoff Grundy values, {n} x {n}; black = P-position</title>\n",
            n * 4,
            n * 4
        );
        for a in 0..n {
            for b in 0..n {
                let [r, g, bl] = colour(table[a * n + b], max);
                svg.push_str(&format!(
                    "<rect x=\"{b}\" y=\"{a}\" width=\"1\" height=\"1\" fill=\"#{r:02x}{g:02x}{bl:02x}\"/>\n"
                ));
            }
        }
        svg.push_str("</svg>\n");
        write_atomic(path, svg.as_bytes())
    } else {
        Err(CliError::input(format!(
            "unknown picture format for {path}: use a .png or .svg file name"
        )))
    }
}

fn colour(v: u32, max: u32) -> [u8; 3] {
    if v == 0 {
        return [0, 0, 0];
    }
    let t = f64::from(v) / f64::from(max);
    // From deep blue through teal to yellow.
    let r = (255.0 * t.powf(1.5)) as u8;
    let g = (40.0 + 200.0 * t) as u8;
    let b = (200.0 * (1.0 - t) + 40.0) as u8;
    [r, g, b]
}
