//! Pictures every front end draws alike, as the bytes of a file: the Wythoff Grundy table as a
//! heat map, a nim-sequence plot and a thermograph, each as SVG (text, for notebooks and web
//! pages) or PNG (feature `png`, on by default). Nothing here touches the disk.
//!
//! ```
//! use cgt_report::pictures::{self, Format};
//!
//! let values = [0, 1, 2, 0, 1, 2, 3];
//! let svg = pictures::sequence("take 1, 2 or 3", &values, Format::Svg)?;
//! assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
//! assert_eq!(Format::of_file("plot.PNG"), Some(Format::Png));
//! # Ok::<(), cgt_report::ReportError>(())
//! ```

use crate::ReportError;

/// The two picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// An 8-bit RGB PNG (needs the `png` feature).
    Png,
    /// An SVG document.
    Svg,
}

impl Format {
    /// The format a file name asks for by its extension (`.png` or `.svg`, any case).
    #[must_use]
    pub fn of_file(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".png") {
            Some(Format::Png)
        } else if lower.ends_with(".svg") {
            Some(Format::Svg)
        } else {
            None
        }
    }
}

/// Bytes per pixel a PNG picture may take at its peak: the RGB pixels (3), the encoder's
/// filtered copy (3) and the encoded file (at most about 3 more).
pub const PNG_BYTES_PER_PIXEL: u128 = 9;

/// The largest side of a Wythoff table drawn as SVG (one element per cell).
pub const SVG_TABLE_LIMIT: usize = 256;

/// Draws an `n × n` table (row `a` top to bottom, column `b` left to right): P-positions
/// (value 0) black, other values on a blue-to-yellow scale. PNG for any size, SVG for
/// `n ≤` [`SVG_TABLE_LIMIT`].
///
/// # Errors
/// An SVG beyond the limit, a side beyond `u32`, or a PNG without the `png` feature.
///
/// # Panics
/// If `table` holds fewer than `n × n` values (a caller's bug).
pub fn wythoff(n: usize, table: &[u32], format: Format) -> Result<Vec<u8>, ReportError> {
    let max = table.iter().copied().max().unwrap_or(0).max(1);
    if format == Format::Png {
        let side = u32::try_from(n.max(1)).map_err(|_| ReportError::input("picture too large"))?;
        let mut pixels = Vec::with_capacity(n * n * 3);
        for &v in table {
            pixels.extend_from_slice(&colour(v, max));
        }
        if n == 0 {
            pixels.extend_from_slice(&[255, 255, 255]);
        }
        encode_png(side, side, &pixels)
    } else {
        if n > SVG_TABLE_LIMIT {
            return Err(ReportError::input(format!(
                "an SVG picture is limited to N <= {SVG_TABLE_LIMIT} (got {n}); use a .png file"
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
        Ok(svg.into_bytes())
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
///
/// # Errors
/// A PNG without the `png` feature.
pub fn sequence(title: &str, values: &[u32], format: Format) -> Result<Vec<u8>, ReportError> {
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
    if format == Format::Svg {
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
        Ok(svg.into_bytes())
    } else {
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
        encode_png(columns as u32, height as u32, &pixels)
    }
}

/// An 8-bit RGB PNG of `width × height` pixels.
#[cfg(feature = "png")]
fn encode_png(width: u32, height: u32, pixels: &[u8]) -> Result<Vec<u8>, ReportError> {
    let failed = |e: png::EncodingError| ReportError::failure(format!("cannot encode PNG: {e}"));
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(pixels).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

#[cfg(not(feature = "png"))]
fn encode_png(_: u32, _: u32, _: &[u8]) -> Result<Vec<u8>, ReportError> {
    Err(ReportError::input(
        "PNG pictures need cgt-report's `png` feature; ask for SVG",
    ))
}

fn to_f64(x: cgt_partizan::Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.exponent() as i32)
}

/// Draws a thermograph the textbook way: temperature upwards, values growing to the LEFT (so
/// Left's wall is on the left), the walls from temperature 0 (or the number's own negative
/// temperature) and the mast above.
///
/// # Errors
/// A PNG without the `png` feature.
pub fn thermograph(
    title: &str,
    t: &cgt_partizan::Thermograph,
    format: Format,
) -> Result<Vec<u8>, ReportError> {
    let wall = |w: &[(cgt_partizan::Dyadic, cgt_partizan::Dyadic)]| -> Vec<(f64, f64)> {
        w.iter().map(|&(a, b)| (to_f64(a), to_f64(b))).collect()
    };
    let (left, right) = (wall(t.left_wall()), wall(t.right_wall()));
    let (mast, temp) = (to_f64(t.mast()), to_f64(t.temperature()));
    let values = left.iter().chain(&right).map(|p| p.1).chain([mast]);
    let vmin = values.clone().fold(f64::INFINITY, f64::min);
    let vmax = values.fold(f64::NEG_INFINITY, f64::max);
    let pad = ((vmax - vmin) * 0.15).max(1.0);
    let (vlo, vhi) = (vmin - pad, vmax + pad);
    let tlo = temp.min(0.0) - 0.25;
    let thi = temp.max(0.0) + ((vhi - vlo) * 0.4).max(1.0);
    let (width, height, margin) = (480.0f64, 360.0f64, 40.0f64);
    // Values grow to the left.
    let x = |v: f64| margin + (vhi - v) / (vhi - vlo) * (width - 2.0 * margin);
    let y = |tt: f64| margin + (thi - tt) / (thi - tlo) * (height - 2.0 * margin);
    // Segments to draw: the walls (numbers have none above 0), the mast, the t = 0 axis.
    let mut walls: Vec<((f64, f64), (f64, f64))> = Vec::new();
    for w in [&left, &right] {
        for s in w.windows(2) {
            walls.push(((x(s[0].1), y(s[0].0)), (x(s[1].1), y(s[1].0))));
        }
    }
    let mast_from = if temp < 0.0 { temp } else { temp.max(0.0) };
    let mast_seg = ((x(mast), y(mast_from)), (x(mast), y(thi)));
    let axis = ((x(vhi), y(0.0)), (x(vlo), y(0.0)));
    if format == Format::Svg {
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\">\n<title>Thermograph of {}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
            escape(title)
        );
        let line = |s: ((f64, f64), (f64, f64)), style: &str| {
            format!(
                "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" {style}/>\n",
                s.0.0, s.0.1, s.1.0, s.1.1
            )
        };
        svg.push_str(&line(axis, "stroke=\"#999\" stroke-dasharray=\"4 3\""));
        for s in &walls {
            svg.push_str(&line(*s, "stroke=\"black\" stroke-width=\"2\""));
        }
        svg.push_str(&line(mast_seg, "stroke=\"black\" stroke-width=\"2\""));
        let label = |px: f64, py: f64, text: &str| {
            format!(
                "<text x=\"{px:.2}\" y=\"{py:.2}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                escape(text)
            )
        };
        svg.push_str(&label(
            width / 2.0,
            20.0,
            &format!("thermograph of {title}"),
        ));
        svg.push_str(&label(
            x(mast),
            y(thi) - 4.0 + 16.0,
            &format!("mean {}", t.mast()),
        ));
        svg.push_str(&label(x(vhi) + 24.0, y(0.0) - 4.0, "t = 0"));
        svg.push_str(&label(
            width / 2.0,
            height - 10.0,
            &format!("temperature {}; values grow to the left", t.temperature()),
        ));
        svg.push_str("</svg>\n");
        Ok(svg.into_bytes())
    } else {
        let (w, h) = (width as usize, height as usize);
        let mut pixels = vec![255u8; w * h * 3];
        let mut draw = |s: ((f64, f64), (f64, f64)), colour: [u8; 3], thick: i64| {
            let steps = ((s.1.0 - s.0.0).abs().max((s.1.1 - s.0.1).abs()).ceil() as usize).max(1);
            for k in 0..=steps {
                let f = k as f64 / steps as f64;
                let (px, py) = (s.0.0 + (s.1.0 - s.0.0) * f, s.0.1 + (s.1.1 - s.0.1) * f);
                for dx in -thick / 2..=thick / 2 {
                    for dy in -thick / 2..=thick / 2 {
                        let (qx, qy) = (px.round() as i64 + dx, py.round() as i64 + dy);
                        if qx >= 0 && qy >= 0 && (qx as usize) < w && (qy as usize) < h {
                            let at = (qy as usize * w + qx as usize) * 3;
                            pixels[at..at + 3].copy_from_slice(&colour);
                        }
                    }
                }
            }
        };
        draw(axis, [160, 160, 160], 1);
        for s in &walls {
            draw(*s, [0, 0, 0], 2);
        }
        draw(mast_seg, [0, 0, 0], 2);
        encode_png(w as u32, h as u32, &pixels)
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Width and height from a PNG's header.
    #[cfg(feature = "png")]
    fn png_size(bytes: &[u8]) -> (u32, u32) {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        (word(16), word(20))
    }

    #[test]
    fn wythoff_svg_has_one_cell_per_value_and_refuses_large_tables() {
        let table = [0, 1, 2, 1, 2, 0, 2, 0, 1];
        let svg = String::from_utf8(wythoff(3, &table, Format::Svg).unwrap()).unwrap();
        assert_eq!(svg.matches("<rect").count(), 9);
        assert_eq!(
            svg.matches("fill=\"#000000\"").count(),
            3,
            "P-positions are black"
        );
        let big = vec![0; 257 * 257];
        let err = wythoff(257, &big, Format::Svg).unwrap_err();
        assert!(err.message().contains("limited to N <= 256"));
    }

    #[cfg(feature = "png")]
    #[test]
    fn pngs_have_the_promised_sizes() {
        let table = vec![3; 40 * 40];
        assert_eq!(
            png_size(&wythoff(40, &table, Format::Png).unwrap()),
            (40, 40)
        );
        let values: Vec<u32> = (0..5000).map(|n| n % 7).collect();
        assert_eq!(
            png_size(&sequence("s", &values, Format::Png).unwrap()),
            (1200, 400)
        );
        assert_eq!(
            png_size(&sequence("s", &values[..300], Format::Png).unwrap()),
            (300, 400)
        );
    }

    #[test]
    fn thermograph_titles_are_escaped() {
        let mut arena = cgt_partizan::Arena::new();
        let g = arena.parse("{2|-1}").unwrap();
        let t = arena.thermograph(g).unwrap();
        let svg = String::from_utf8(thermograph("a<b & c", &t, Format::Svg).unwrap()).unwrap();
        assert!(svg.contains("Thermograph of a&lt;b &amp; c"));
        assert!(svg.contains("mean 1/2"));
    }
}
