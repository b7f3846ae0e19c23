//! Pictures of Grundy tables: PNG heat maps and small SVGs.

use crate::output::{CliError, write_atomic};

/// Draws an `n × n` table (row `a` top to bottom, column `b` left to right): P-positions
/// (value 0) black, other values on a blue-to-yellow scale. `.png` for any size, `.svg` for
/// `n ≤ 256`.
/// Bytes per pixel a PNG picture may take at its peak: the RGB pixels (3), the encoder's
/// filtered copy (3) and the encoded file (at most about 3 more).
pub(crate) const PNG_BYTES_PER_PIXEL: u128 = 9;

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
        write_atomic(path, &encode_png(side, side, &pixels)?)
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

/// Plots a nim-sequence: `n` across, `G(n)` up; P-positions in red. Long sequences are drawn
/// as one column per pixel with the range of values in that column.
pub(crate) fn write_sequence(path: &str, title: &str, values: &[u32]) -> Result<(), CliError> {
    let (width, height) = (1200usize, 400usize);
    let columns = values.len().clamp(1, width);
    let max = values.iter().copied().max().unwrap_or(0).max(1);
    // For each column: lowest and highest value, and whether it holds a P-position.
    let mut cols = vec![(u32::MAX, 0u32, false); columns];
    for (n, &v) in values.iter().enumerate() {
        let c = n * columns / values.len().max(1);
        let col = &mut cols[c];
        col.0 = col.0.min(v);
        col.1 = col.1.max(v);
        col.2 |= v == 0;
    }
    let y = |v: u32| (height - 1) - (v as usize * (height - 1) / max as usize);
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".svg") {
        let scale = width as f64 / columns as f64;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<title>{title}: G(n) for n below {}; max {max}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
            values.len()
        );
        for (c, &(lo, hi, p)) in cols.iter().enumerate() {
            if lo == u32::MAX {
                continue;
            }
            let x = c as f64 * scale;
            let colour = if p { "#d62728" } else { "#1f4e9c" };
            svg.push_str(&format!(
                "<rect x=\"{x:.2}\" y=\"{}\" width=\"{:.2}\" height=\"{}\" fill=\"{colour}\"/>\n",
                y(hi),
                scale.max(1.0),
                y(lo) - y(hi) + 1
            ));
        }
        svg.push_str("</svg>\n");
        write_atomic(path, svg.as_bytes())
    } else if lower.ends_with(".png") {
        let mut pixels = vec![255u8; columns * height * 3];
        for (c, &(lo, hi, p)) in cols.iter().enumerate() {
            if lo == u32::MAX {
                continue;
            }
            let colour = if p { [214, 39, 40] } else { [31, 78, 156] };
            for row in y(hi)..=y(lo) {
                let at = (row * columns + c) * 3;
                pixels[at..at + 3].copy_from_slice(&colour);
            }
        }
        write_atomic(path, &encode_png(columns as u32, height as u32, &pixels)?)
    } else {
        Err(CliError::input(format!(
            "unknown plot format for {path}: use a .png or .svg file name"
        )))
    }
}

/// An 8-bit RGB PNG of `width × height` pixels.
fn encode_png(width: u32, height: u32, pixels: &[u8]) -> Result<Vec<u8>, CliError> {
    let failed = |e: png::EncodingError| CliError::failure(format!("cannot encode PNG: {e}"));
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(pixels).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}
