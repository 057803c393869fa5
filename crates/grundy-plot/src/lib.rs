//! Plots of nim-sequences: SVG text and PNG images, with the period marked.
//!
//! Kept out of the heap kernels (`grundy-heap`), so that the kernels carry no image code.
//!
//! Both renderers share one occupancy grid: each plot pixel is set when some heap in its
//! column of heaps has a value in its row of values. A million values thus make a picture
//! of at most width x height cells, not a million points.

use std::io::Write;

use grundy_heap::{HeapError, Values};
use grundy_types::Period;

/// Size and title of a plot.
#[derive(Clone, Debug)]
pub struct PlotOptions {
    /// Image width in pixels (clamped to 90..=8192).
    pub width: u32,
    /// Image height in pixels (clamped to 90..=8192).
    pub height: u32,
    /// Title drawn above the plot (for example the rules, `tb[0.16]`).
    pub title: String,
}

impl Default for PlotOptions {
    fn default() -> Self {
        PlotOptions {
            width: 1000,
            height: 500,
            title: String::new(),
        }
    }
}

/// Largest width or height of a plot, in pixels.
const MAX_SIDE: u32 = 8192;
const LEFT: u32 = 60;
const RIGHT: u32 = 20;
const TOP: u32 = 40;
const BOTTOM: u32 = 40;

/// The plot area and the occupancy grid of a table.
struct Grid {
    w: u32,
    h: u32,
    n: usize,
    max: u32,
    cells: Vec<bool>,
}

impl Grid {
    fn new(values: &Values, opts: &PlotOptions) -> Grid {
        // Sizes are clamped so that pixel indices stay far from overflow.
        let w = opts.width.clamp(LEFT + RIGHT + 10, MAX_SIDE) - LEFT - RIGHT;
        let h = opts.height.clamp(TOP + BOTTOM + 10, MAX_SIDE) - TOP - BOTTOM;
        let n = values.len();
        let max = values.max_value().max(1);
        let mut cells = vec![false; (w * h) as usize];
        for (i, v) in values.iter().enumerate() {
            let x = Grid::col(i, n, w);
            let y = Grid::row(v, max, h);
            cells[(y * w + x) as usize] = true;
        }
        Grid {
            w,
            h,
            n,
            max,
            cells,
        }
    }

    fn col(i: usize, n: usize, w: u32) -> u32 {
        if n <= 1 {
            0
        } else {
            ((i as u128 * (w as u128 - 1)) / (n as u128 - 1)) as u32
        }
    }

    fn row(v: u32, max: u32, h: u32) -> u32 {
        // Row 0 is the top of the plot area.
        let from_bottom = (u64::from(v) * u64::from(h - 1) / u64::from(max)) as u32;
        h - 1 - from_bottom
    }

    fn x_of(&self, i: u64) -> u32 {
        Grid::col(
            usize::try_from(i)
                .unwrap_or(usize::MAX)
                .min(self.n.max(1) - 1),
            self.n,
            self.w,
        )
    }

    /// Period marks: the preperiod and the first periods after it (as long as they stay
    /// at least 4 pixels apart), in heap indices.
    fn period_marks(&self, p: &Period) -> Vec<u64> {
        let mut marks = Vec::new();
        if p.period == 0 || self.n == 0 {
            return marks;
        }
        let px_per_period = p.period as f64 * f64::from(self.w) / self.n as f64;
        if px_per_period < 4.0 {
            return marks;
        }
        let mut k = p.preperiod.saturating_add(p.period);
        while k < self.n as u64 && marks.len() < 200 {
            marks.push(k);
            k = k.saturating_add(p.period);
        }
        marks
    }
}

fn period_label(p: &Period) -> String {
    format!(
        "period {} preperiod {}{} {}",
        p.period,
        p.preperiod,
        if p.saltus > 0 {
            format!(" saltus {}", p.saltus)
        } else {
            String::new()
        },
        if p.proven { "proven" } else { "not proven" }
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Renders a nim-sequence as an SVG scatter plot (heap size across, value up), with the
/// periodic part shaded, the preperiod and the period boundaries marked.
///
/// Arguments: `values`, G(0..N); `period`, if one is known; `opts`, size and title.
///
/// Returns: the SVG document as text.
///
/// Complexity: O(N + width * height); the document has at most one rectangle per run of
/// occupied pixels in a column, whatever N.
///
/// Example:
/// ```
/// use grundy_heap::{find_period, values, ComputeOptions, HeapRules};
/// use grundy_plot::{plot_svg, PlotOptions};
/// let r = HeapRules::parse("tb[0.77]").unwrap();
/// let g = values(&r, 300, &ComputeOptions::default()).unwrap();
/// let svg = plot_svg(&g, find_period(&r, &g).as_ref(), &PlotOptions::default());
/// assert!(svg.starts_with("<svg") && svg.contains("period 12 preperiod 71"));
/// ```
pub fn plot_svg(values: &Values, period: Option<&Period>, opts: &PlotOptions) -> String {
    let grid = Grid::new(values, opts);
    let (w, h) = (grid.w, grid.h);
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" font-size=\"12\">\n",
        w + LEFT + RIGHT,
        h + TOP + BOTTOM,
        w + LEFT + RIGHT,
        h + TOP + BOTTOM
    ));
    s.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    if let Some(p) = period {
        let x0 = grid.x_of(p.preperiod);
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{TOP}\" width=\"{}\" height=\"{h}\" fill=\"#e8f4e8\"/>\n",
            LEFT + x0,
            w - x0
        ));
        for k in grid.period_marks(p) {
            s.push_str(&format!(
                "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\" stroke=\"#9c9\" stroke-width=\"0.5\"/>\n",
                TOP + h,
                x = LEFT + grid.x_of(k)
            ));
        }
        s.push_str(&format!(
            "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\" stroke=\"#c33\" stroke-width=\"1.5\"/>\n",
            TOP + h,
            x = LEFT + x0
        ));
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" fill=\"#c33\">{}</text>\n",
            LEFT + 4,
            TOP - 8,
            escape(&period_label(p))
        ));
    }
    // Axes with ticks at the ends and the middle.
    s.push_str(&format!(
        "<path d=\"M{LEFT} {TOP} V{} H{}\" fill=\"none\" stroke=\"black\"/>\n",
        TOP + h,
        LEFT + w
    ));
    let n_last = grid.n.saturating_sub(1) as u64;
    for frac in [0u64, 1, 2] {
        let i = n_last * frac / 2;
        let x = LEFT + grid.x_of(i);
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{i}</text>\n",
            TOP + h + 16
        ));
        let v = u64::from(grid.max) * frac / 2;
        let y = TOP + Grid::row(v as u32, grid.max, h);
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{v}</text>\n",
            LEFT - 6,
            y + 4
        ));
    }
    s.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">heap size n</text>\n",
        LEFT + w / 2,
        TOP + h + 32
    ));
    s.push_str(&format!(
        "<text x=\"14\" y=\"{}\" transform=\"rotate(-90 14 {})\" text-anchor=\"middle\">G(n)</text>\n",
        TOP + h / 2,
        TOP + h / 2
    ));
    if !opts.title.is_empty() {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"16\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
            (w + LEFT + RIGHT) / 2,
            escape(&opts.title)
        ));
    }
    // Points: vertical runs of occupied cells, one rectangle each.
    s.push_str("<g fill=\"#1f4e9c\">\n");
    for x in 0..w {
        let mut y = 0;
        while y < h {
            if grid.cells[(y * w + x) as usize] {
                let y0 = y;
                while y < h && grid.cells[(y * w + x) as usize] {
                    y += 1;
                }
                s.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"1.5\" height=\"{}\"/>\n",
                    LEFT + x,
                    TOP + y0,
                    (y - y0).max(1) as f32 + 0.5
                ));
            } else {
                y += 1;
            }
        }
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// A 3x5 pixel font for the labels of PNG plots, so no font files are needed.
fn glyph(c: char) -> [u8; 5] {
    match c.to_ascii_uppercase() {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        'A' => [2, 5, 7, 5, 5],
        'B' => [6, 5, 6, 5, 6],
        'C' => [7, 4, 4, 4, 7],
        'D' => [6, 5, 5, 5, 6],
        'E' => [7, 4, 6, 4, 7],
        'F' => [7, 4, 6, 4, 4],
        'G' => [7, 4, 5, 5, 7],
        'H' => [5, 5, 7, 5, 5],
        'I' => [7, 2, 2, 2, 7],
        'K' => [5, 5, 6, 5, 5],
        'L' => [4, 4, 4, 4, 7],
        'M' => [5, 7, 7, 5, 5],
        'N' => [6, 5, 5, 5, 5],
        'O' => [7, 5, 5, 5, 7],
        'P' => [7, 5, 7, 4, 4],
        'R' => [6, 5, 6, 5, 5],
        'S' => [7, 4, 7, 1, 7],
        'T' => [7, 2, 2, 2, 2],
        'U' => [5, 5, 5, 5, 7],
        'V' => [5, 5, 5, 5, 2],
        'W' => [5, 5, 7, 7, 5],
        'X' => [5, 5, 2, 5, 5],
        'Y' => [5, 5, 2, 2, 2],
        '.' => [0, 0, 0, 0, 2],
        ',' => [0, 0, 0, 2, 4],
        '!' => [2, 2, 2, 0, 2],
        '[' => [6, 4, 4, 4, 6],
        ']' => [3, 1, 1, 1, 3],
        '(' => [2, 4, 4, 4, 2],
        ')' => [2, 1, 1, 1, 2],
        '-' => [0, 0, 7, 0, 0],
        '=' => [0, 7, 0, 7, 0],
        _ => [0, 0, 0, 0, 0],
    }
}

struct Canvas {
    w: u32,
    h: u32,
    rgb: Vec<u8>,
}

impl Canvas {
    fn set(&mut self, x: u32, y: u32, c: [u8; 3]) {
        if x < self.w && y < self.h {
            let i = ((y * self.w + x) * 3) as usize;
            self.rgb[i..i + 3].copy_from_slice(&c);
        }
    }

    fn text(&mut self, x: u32, y: u32, s: &str, c: [u8; 3]) {
        // Glyphs are drawn at scale 2: 6x10 pixels plus spacing.
        for (k, ch) in s.chars().enumerate() {
            let g = glyph(ch);
            for (row, bits) in g.iter().enumerate() {
                for col in 0..3u32 {
                    if bits & (4 >> col) != 0 {
                        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                            self.set(x + k as u32 * 8 + col * 2 + dx, y + row as u32 * 2 + dy, c);
                        }
                    }
                }
            }
        }
    }
}

/// Renders the same plot as [`plot_svg`] into a PNG image (RGB, 8 bits), with labels in
/// a built-in pixel font.
///
/// Arguments: `out`, where the PNG bytes go; `values`, `period`, `opts` as for
/// [`plot_svg`].
///
/// Returns: `Ok(())`, or [`HeapError::Io`] when writing fails.
///
/// Complexity: O(N + width * height).
///
/// Example:
/// ```
/// use grundy_heap::{values, ComputeOptions, HeapRules};
/// use grundy_plot::{plot_png, PlotOptions};
/// let r = HeapRules::parse("tb[0.6]").unwrap();
/// let g = values(&r, 1000, &ComputeOptions::default()).unwrap();
/// let mut bytes = Vec::new();
/// plot_png(&mut bytes, &g, None, &PlotOptions::default()).unwrap();
/// assert_eq!(&bytes[1..4], b"PNG");
/// ```
pub fn plot_png(
    out: &mut dyn Write,
    values: &Values,
    period: Option<&Period>,
    opts: &PlotOptions,
) -> Result<(), HeapError> {
    let grid = Grid::new(values, opts);
    let (gw, gh) = (grid.w, grid.h);
    let (w, h) = (gw + LEFT + RIGHT, gh + TOP + BOTTOM);
    let mut c = Canvas {
        w,
        h,
        rgb: vec![255; (w * h * 3) as usize],
    };
    if let Some(p) = period {
        let x0 = grid.x_of(p.preperiod);
        for x in x0..gw {
            for y in 0..gh {
                c.set(LEFT + x, TOP + y, [232, 244, 232]);
            }
        }
        for k in grid.period_marks(p) {
            let x = grid.x_of(k);
            for y in 0..gh {
                c.set(LEFT + x, TOP + y, [160, 205, 160]);
            }
        }
        for y in 0..gh {
            c.set(LEFT + x0, TOP + y, [204, 51, 51]);
            c.set(LEFT + x0 + 1, TOP + y, [204, 51, 51]);
        }
        c.text(LEFT + 4, TOP - 14, &period_label(p), [204, 51, 51]);
    }
    for y in 0..gh {
        for x in 0..gw {
            if grid.cells[(y * gw + x) as usize] {
                c.set(LEFT + x, TOP + y, [31, 78, 156]);
                c.set(LEFT + x + 1, TOP + y, [31, 78, 156]);
            }
        }
    }
    for y in TOP..TOP + gh {
        c.set(LEFT - 1, y, [0, 0, 0]);
    }
    for x in LEFT - 1..LEFT + gw {
        c.set(x, TOP + gh, [0, 0, 0]);
    }
    let n_last = grid.n.saturating_sub(1) as u64;
    for frac in [0u64, 1, 2] {
        let i = n_last * frac / 2;
        let label = i.to_string();
        let x = (LEFT + grid.x_of(i)).saturating_sub(label.len() as u32 * 4);
        c.text(x, TOP + gh + 6, &label, [0, 0, 0]);
        let v = u64::from(grid.max) * frac / 2;
        let label = v.to_string();
        let y = TOP + Grid::row(v as u32, grid.max, gh);
        c.text(
            (LEFT - 6).saturating_sub(label.len() as u32 * 8),
            y.saturating_sub(5),
            &label,
            [0, 0, 0],
        );
    }
    c.text(LEFT + gw / 2 - 20, TOP + gh + 22, "HEAP N", [0, 0, 0]);
    c.text(4, TOP - 14, "G(N)", [0, 0, 0]);
    if !opts.title.is_empty() {
        let x = (w / 2).saturating_sub(opts.title.chars().count() as u32 * 4);
        c.text(x, 6, &opts.title, [0, 0, 0]);
    }
    let io = |e: std::io::Error| HeapError::Io {
        path: "<png output>".into(),
        source: e,
    };
    let mut enc = png::Encoder::new(&mut *out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc
        .write_header()
        .map_err(|e| io(std::io::Error::other(e)))?;
    writer
        .write_image_data(&c.rgb)
        .map_err(|e| io(std::io::Error::other(e)))?;
    writer.finish().map_err(|e| io(std::io::Error::other(e)))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_marks_period_and_scales_to_large_tables() {
        let v: Vec<u32> = (0..1_000_000u64)
            .map(|i| ((i * 7919) % 300) as u32)
            .collect();
        let g = Values::from_u32(&v);
        let p = Period {
            preperiod: 1000,
            period: 50_000,
            saltus: 0,
            proven: true,
            values_needed: 0,
        };
        let svg = plot_svg(&g, Some(&p), &PlotOptions::default());
        assert!(svg.contains("period 50000 preperiod 1000 proven"));
        // At most one rectangle per occupied pixel run, far fewer than 10^6 points.
        assert!(svg.len() < 20_000_000);
        assert!(svg.matches("<rect").count() <= 1000 * 500);
    }

    #[test]
    fn png_has_the_requested_size() {
        let g = Values::from_u32(&[0, 1, 2, 3, 1, 4]);
        let mut bytes = Vec::new();
        plot_png(&mut bytes, &g, None, &PlotOptions::default()).expect("encodes");
        let decoder = png::Decoder::new(&bytes[..]);
        let reader = decoder.read_info().expect("decodes");
        assert_eq!((reader.info().width, reader.info().height), (1000, 500));
    }

    #[test]
    fn tiny_and_empty_tables_do_not_panic() {
        let tiny = PlotOptions {
            width: 1,
            height: 1,
            title: "t".into(),
        };
        for g in [Values::default(), Values::from_u32(&[0])] {
            let svg = plot_svg(&g, None, &tiny);
            assert!(svg.starts_with("<svg"), "{svg}");
            assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
            let mut bytes = Vec::new();
            plot_png(&mut bytes, &g, None, &tiny).expect("encodes");
            let reader = png::Decoder::new(&bytes[..]).read_info().expect("decodes");
            // A side is clamped to 90 pixels at least.
            assert_eq!((reader.info().width, reader.info().height), (90, 90));
        }
    }
}
