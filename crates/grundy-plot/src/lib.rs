//! Plots of nim-sequences: SVG text and PNG images drawn with plotters, with the period
//! marked as the playground marks it.
//!
//! Kept out of the heap kernels (`grundy-heap`), so that the kernels carry no image code.
//!
//! Both formats are one drawing on two plotters backends: the points are dots a few pixels
//! wide, the value 0 (the P-positions, in red) sits above the x axis, the ticks fall on 1, 2
//! or 5 times a power of ten, the periodic part is shaded, its start dashed, one period
//! bracketed and labelled. Labels are set in DejaVu Sans, embedded in the binary, so that no
//! font is looked for on the host. A million values make at most one dot per cell of a few
//! pixels, not a million dots.

use std::io::Write;
use std::sync::OnceLock;

use grundy_heap::{HeapError, Values};
use grundy_types::Period;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::{CoordTranslate, Shift};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Size and title of a plot.
#[derive(Clone, Debug)]
pub struct PlotOptions {
    /// Image width in pixels (clamped to 90..=8192).
    pub width: u32,
    /// Image height in pixels (clamped to 90..=8192).
    pub height: u32,
    /// Title drawn above the plot (for example the rules, `tb[0.16]`); a second line, after
    /// a newline, is drawn below it in smaller type (for example the rule of the values).
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
/// Smallest width or height of a plot, in pixels.
const MIN_SIDE: u32 = 90;

/// The family name under which the embedded font is registered with plotters.
const FONT: &str = "sans-serif";

// The playground's colours (crates/grundy-web/assets/app.js), so that both plots read alike.
const INK: RGBColor = RGBColor(0x1d, 0x23, 0x30);
const ZERO: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
const PERIOD: RGBColor = RGBColor(0x2b, 0x59, 0xc3);
const ZONE: RGBColor = RGBColor(0xe8, 0xee, 0xfb);
const BOUNDARY: RGBColor = RGBColor(0xc2, 0xd0, 0xf0);
const GRID: RGBColor = RGBColor(0xe6, 0xe6, 0xe6);
const LABEL: RGBColor = RGBColor(0x44, 0x44, 0x44);

/// Registers DejaVu Sans as plotters' `sans-serif`, once; the SVG backend needs it too, to
/// measure the labels it lays out. Returns whether the font is usable.
fn font_ready() -> bool {
    static READY: OnceLock<bool> = OnceLock::new();
    *READY.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
    })
}

/// Ticks of an axis from 0 to `max`: multiples of the least step of the form 1, 2 or 5 times
/// a power of ten that makes at most `most` intervals (the step is at least 1, as the axes
/// count heaps and values).
///
/// Arguments: the largest value of the axis, the most intervals wanted (at least 1).
/// Returns: 0, step, 2 step, ... up to `max`.
/// Complexity: O(most).
fn ticks(max: u64, most: u64) -> Vec<u64> {
    let most = most.max(1);
    let mut step = 1u64;
    'search: loop {
        for k in [1, 2, 5] {
            let s = step.saturating_mul(k);
            if max / s <= most || s == u64::MAX {
                step = s;
                break 'search;
            }
        }
        step = step.saturating_mul(10);
    }
    (0..=max / step).map(|k| k * step).collect()
}

/// An axis of plotters from `lo` to `hi` with its ticks at `ticks` (plotters' own ticks of a
/// float range fall on 2.5 and on ends such as 9).
#[derive(Clone)]
struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let f = (v - self.lo) / (self.hi - self.lo);
        limit.0 + (f * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        // No light lines between the ticks.
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// The text that names a period on a plot.
fn period_label(p: &Period) -> String {
    format!(
        "period {} preperiod {}{} ({})",
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

/// Where a plot's parts go, in pixels, for an image of `w` x `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    /// Above the plotting area: the title, then the band of the period's label and bracket.
    top: u32,
    /// Below the label area of the x axis: the legend.
    bottom: u32,
    /// Right of the plotting area.
    right: u32,
    /// The label area of the x axis (ticks and its name).
    x_labels: u32,
    /// The label area of the y axis.
    y_labels: u32,
    /// Text sizes: ticks, names of the axes, title.
    small: u32,
    /// The radius of a dot.
    dot: u32,
    /// Whether there is room for the legend and the period's band.
    roomy: bool,
}

impl Layout {
    fn new(w: u32, h: u32, n: usize, subtitle: bool) -> Layout {
        let roomy = w >= 360 && h >= 220;
        let dot = match n {
            0..=60 => 4,
            61..=400 => 3,
            _ => 2,
        };
        if roomy {
            Layout {
                top: if subtitle { 76 } else { 58 },
                bottom: 22,
                right: 24,
                x_labels: 44,
                y_labels: 56,
                small: 13,
                dot,
                roomy,
            }
        } else {
            Layout {
                top: 16,
                bottom: 2,
                right: 6,
                x_labels: 16,
                y_labels: 22,
                small: 9,
                dot: dot.min(2),
                roomy,
            }
        }
    }
}

/// Draws the plot of `values` on `root` (already sized); errors are plotters' backend errors,
/// as text.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    values: &Values,
    period: Option<&Period>,
    opts: &PlotOptions,
) -> Result<(), String> {
    if !font_ready() {
        return Err("the embedded font could not be read".to_string());
    }
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (w, h) = root.dim_in_pixel();
    let n = values.len();
    let (title, subtitle) = match opts.title.split_once('\n') {
        Some((t, s)) => (t, s.trim()),
        None => (opts.title.as_str(), ""),
    };
    let lay = Layout::new(w, h, n, !subtitle.is_empty());
    root.fill(&WHITE).map_err(err)?;
    let small = (FONT, lay.small).into_font().color(&LABEL);
    let title_style = (FONT, lay.small + 5)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Top));
    // Each line as long as the picture holds (a character is about 0.6 of the type's size).
    let fit = |text: &str, size: u32| {
        let most = (w as usize * 10 / (size as usize * 6)).max(4);
        if text.chars().count() > most {
            let head: String = text.chars().take(most - 3).collect();
            format!("{head}...")
        } else {
            text.to_string()
        }
    };
    if !title.is_empty() {
        root.draw(&Text::new(
            fit(title, lay.small + 5),
            (w as i32 / 2, 6),
            title_style,
        ))
        .map_err(err)?;
    }
    if !subtitle.is_empty() && lay.roomy {
        let style = (FONT, lay.small)
            .into_font()
            .color(&LABEL)
            .pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(
            fit(subtitle, lay.small),
            (w as i32 / 2, 30),
            style,
        ))
        .map_err(err)?;
    }

    let last = n.saturating_sub(1) as u64;
    let max = u64::from(values.max_value()).max(1);
    // Room around the points: the dots at 0 stand clear above the x axis, the first ones
    // clear right of the y axis.
    let x_pad = (last.max(1) as f64 * 0.015).max(0.5);
    let y_pad = max as f64 * 0.06;
    let x_range = -x_pad..last as f64 + x_pad;
    let y_range = -y_pad..max as f64 + y_pad;
    let x_ticks: Vec<f64> = ticks(last, u64::from(w / 110).max(1))
        .into_iter()
        .map(|t| t as f64)
        .collect();
    let y_ticks: Vec<f64> = ticks(max, u64::from(h / 60).max(1))
        .into_iter()
        .map(|t| t as f64)
        .collect();
    let mut chart = ChartBuilder::on(root)
        .margin_top(lay.top)
        .margin_bottom(lay.bottom)
        .margin_right(lay.right)
        .margin_left(4)
        .x_label_area_size(lay.x_labels)
        .y_label_area_size(lay.y_labels)
        .build_cartesian_2d(
            Axis {
                lo: x_range.start,
                hi: x_range.end,
                ticks: x_ticks,
            },
            Axis {
                lo: y_range.start,
                hi: y_range.end,
                ticks: y_ticks,
            },
        )
        .map_err(err)?;
    let coords = chart.as_coord_spec().clone();
    let to_px = |x: f64, y: f64| coords.translate(&(x, y));
    let (x_hi, y_top) = (x_range.end, y_range.end);

    if let Some(p) = period.filter(|p| p.period > 0 && p.preperiod <= last) {
        let x0 = p.preperiod as f64;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x0, y_range.start), (x_hi, y_top)],
                ZONE.filled(),
            )))
            .map_err(err)?;
        // The boundaries of the following periods, while they stay 6 pixels apart.
        let px_per_period = (to_px(x0 + p.period as f64, 0.0).0 - to_px(x0, 0.0).0).abs();
        if px_per_period >= 6 {
            let mut k = p.preperiod.saturating_add(p.period);
            let mut lines = Vec::new();
            while k <= last && lines.len() < 400 {
                let x = k as f64;
                lines.push(PathElement::new(
                    vec![(x, y_range.start), (x, y_top)],
                    BOUNDARY.stroke_width(1),
                ));
                k = k.saturating_add(p.period);
            }
            chart.draw_series(lines).map_err(err)?;
        }
    }
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(GRID.stroke_width(1))
        .light_line_style(WHITE.mix(0.0))
        .axis_style(LABEL.stroke_width(1))
        .label_style(small.clone())
        .axis_desc_style((FONT, lay.small + 1).into_font().color(&BLACK))
        .x_desc(if lay.roomy { "heap size n" } else { "" })
        .y_desc(if lay.roomy { "G(n)" } else { "" })
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        .y_label_formatter(&|y| format!("{}", y.round() as i64))
        .draw()
        .map_err(err)?;

    if let Some(p) = period.filter(|p| p.period > 0 && p.preperiod <= last) {
        let x0 = p.preperiod as f64;
        chart
            .draw_series(std::iter::once(DashedPathElement::new(
                vec![(x0, y_range.start), (x0, y_top)],
                5,
                3,
                PERIOD.stroke_width(2),
            )))
            .map_err(err)?;
        // One period bracketed above the plotting area, labelled, as in the playground.
        let (px0, top) = to_px(x0, y_top);
        let px1 = to_px(x0 + p.period as f64, y_top)
            .0
            .min(to_px(x_hi, y_top).0)
            .max(px0 + 2);
        let band = top - if lay.roomy { 6 } else { 3 };
        let bracket = vec![(px0, band + 4), (px0, band), (px1, band), (px1, band + 4)];
        root.draw(&PathElement::new(bracket, PERIOD.stroke_width(3)))
            .map_err(err)?;
        if lay.roomy {
            let label = period_label(p);
            // Left-aligned at the preperiod, unless that runs past the right edge.
            let room = w as i32 - px0;
            let est = (label.len() as i32) * (lay.small as i32) * 55 / 100;
            let (x, hpos) = if est < room - 8 {
                (px0 + 2, HPos::Left)
            } else {
                (w as i32 - 6, HPos::Right)
            };
            let style = (FONT, lay.small)
                .into_font()
                .color(&PERIOD)
                .pos(Pos::new(hpos, VPos::Bottom));
            root.draw(&Text::new(label, (x, band - 4), style))
                .map_err(err)?;
        }
    }

    // The dots: one per cell of a dot's size and colour, so that a picture of a million
    // values holds at most (width / cell) x (height / cell) of them.
    let cell = lay.dot.max(1) as i32;
    let cols = (w as i32 / cell + 1) as usize;
    let rows = (h as i32 / cell + 1) as usize;
    let mut seen = vec![false; cols * rows * 2];
    let (mut dots, mut zeros) = (Vec::new(), Vec::new());
    for (i, v) in values.iter().enumerate() {
        let (x, y) = (i as f64, f64::from(v));
        let (px, py) = to_px(x, y);
        let (cx, cy) = ((px.max(0) / cell) as usize, (py.max(0) / cell) as usize);
        let k = (cy.min(rows - 1) * cols + cx.min(cols - 1)) * 2 + usize::from(v == 0);
        if !seen[k] {
            seen[k] = true;
            if v == 0 {
                zeros.push((x, y));
            } else {
                dots.push((x, y));
            }
        }
    }
    let r = lay.dot;
    chart
        .draw_series(dots.into_iter().map(|c| Circle::new(c, r, INK.filled())))
        .map_err(err)?;
    chart
        .draw_series(zeros.into_iter().map(|c| Circle::new(c, r, ZERO.filled())))
        .map_err(err)?;

    if lay.roomy {
        // The legend, bottom right: what the colours say, laid from the right edge leftwards.
        let y = h as i32 - 12;
        let mut x = w as i32 - 20;
        for (text, colour) in [("G(n) > 0", INK), ("G(n) = 0 (P-position)", ZERO)] {
            let style = (FONT, lay.small)
                .into_font()
                .color(&LABEL)
                .pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(text, (x, y), style)).map_err(err)?;
            let text_w = root
                .estimate_text_size(text, &(FONT, lay.small).into_text_style(root))
                .map_err(err)?
                .0 as i32;
            x -= text_w + 8;
            root.draw(&Circle::new((x, y), 4, colour.filled()))
                .map_err(err)?;
            x -= 22;
        }
    }
    root.present().map_err(err)?;
    Ok(())
}

/// The side of a plot in pixels, clamped to `MIN_SIDE..=MAX_SIDE`.
fn side(s: u32) -> u32 {
    s.clamp(MIN_SIDE, MAX_SIDE)
}

/// Renders a nim-sequence as an SVG scatter plot (heap size across, value up): the
/// P-positions in red above the x axis, ticks at round numbers, the periodic part shaded,
/// its start dashed and one period bracketed and labelled.
///
/// Arguments: `values`, G(0..N); `period`, if one is known; `opts`, size and title.
///
/// Returns: the SVG document as text. Drawing into text cannot fail but for the embedded
/// font, a defect of the build: that message is then the document's only text.
///
/// Complexity: O(N + width * height); the document has at most one dot per cell of a dot's
/// size and colour, whatever N.
///
/// Example:
/// ```
/// use grundy_heap::{find_period, values, Limits, Strategy, HeapRules};
/// use grundy_plot::{plot_svg, PlotOptions};
/// let r = HeapRules::parse("tb[0.77]").unwrap();
/// let g = values(&r, 300, &Limits::default(), Strategy::default()).unwrap();
/// let svg = plot_svg(&g, find_period(&r, &g).as_ref(), &PlotOptions::default());
/// assert!(svg.starts_with("<svg") && svg.contains("period 12 preperiod 71 (proven)"));
/// ```
pub fn plot_svg(values: &Values, period: Option<&Period>, opts: &PlotOptions) -> String {
    let (w, h) = (side(opts.width), side(opts.height));
    let mut s = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut s, (w, h)).into_drawing_area();
        draw(&root, values, period, opts)
    };
    match drawn {
        Ok(()) => s,
        Err(e) => format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\"><text x=\"10\" y=\"20\">cannot draw the plot: {}</text></svg>\n",
            e.replace('&', "&amp;").replace('<', "&lt;")
        ),
    }
}

/// Renders the same plot as [`plot_svg`] into a PNG image (RGB, 8 bits).
///
/// Arguments: `out`, where the PNG bytes go; `values`, `period`, `opts` as for
/// [`plot_svg`].
///
/// Returns: `Ok(())`, or [`HeapError::Io`] when drawing or writing fails.
///
/// Complexity: O(N + width * height).
///
/// Example:
/// ```
/// use grundy_heap::{values, Limits, Strategy, HeapRules};
/// use grundy_plot::{plot_png, PlotOptions};
/// let r = HeapRules::parse("tb[0.6]").unwrap();
/// let g = values(&r, 1000, &Limits::default(), Strategy::default()).unwrap();
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
    let io = |e: std::io::Error| HeapError::Io {
        path: "<png output>".into(),
        source: e,
    };
    let (w, h) = (side(opts.width), side(opts.height));
    let mut rgb = vec![255u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        draw(&root, values, period, opts).map_err(|e| io(std::io::Error::other(e)))?;
    }
    let mut enc = png::Encoder::new(&mut *out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc
        .write_header()
        .map_err(|e| io(std::io::Error::other(e)))?;
    writer
        .write_image_data(&rgb)
        .map_err(|e| io(std::io::Error::other(e)))?;
    writer.finish().map_err(|e| io(std::io::Error::other(e)))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut reader = png::Decoder::new(bytes).read_info().expect("decodes");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a frame");
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn ticks_are_one_two_or_five_times_a_power_of_ten() {
        // The old plot marked 0, 4, 9 on an axis to 9.
        assert_eq!(ticks(9, 8), vec![0, 2, 4, 6, 8]);
        assert_eq!(ticks(9, 10), (0..=9).collect::<Vec<_>>());
        assert_eq!(ticks(300, 9), vec![0, 50, 100, 150, 200, 250, 300]);
        assert_eq!(ticks(1, 7), vec![0, 1]);
        assert_eq!(ticks(0, 7), vec![0]);
        assert_eq!(ticks(999_999, 9).last(), Some(&900_000));
        assert_eq!(ticks(u64::MAX, 9).len(), 10);
        for (max, most) in [(7, 3), (41, 6), (1000, 9), (123_456, 8)] {
            let t = ticks(max, most);
            let step = t[1] - t[0];
            let lead = step / 10u64.pow(step.ilog10());
            assert!([1, 2, 5].contains(&lead) && step % 10u64.pow(step.ilog10()) == 0);
            assert!(t.len() as u64 - 1 <= most, "{max} {most} {t:?}");
        }
    }

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
        assert!(svg.contains("period 50000 preperiod 1000 (proven)"));
        assert!(!svg.contains("cannot draw"), "{}", &svg[..400]);
        // At most one dot per 2 x 2 cell and colour, far fewer than 10^6 points.
        let dots = svg.matches("<circle").count();
        assert!(dots <= 2 * 501 * 251, "{dots}");
        assert!(svg.len() < 30_000_000);
    }

    #[test]
    fn labels_are_proper_case_and_ticks_round() {
        let g = Values::from_u32(&[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
        let opts = PlotOptions {
            title: "sub[1,3,4]".into(),
            ..PlotOptions::default()
        };
        let svg = plot_svg(&g, None, &opts);
        // The texts of the document, each between its tag and `</text>`.
        let texts: Vec<&str> = svg
            .split("</text>")
            .filter_map(|t| t.rsplit_once('>').map(|(_, s)| s.trim()))
            .collect();
        for want in ["sub[1,3,4]", "heap size n", "G(n)", "G(n) = 0 (P-position)"] {
            assert!(texts.contains(&want), "{want} in {texts:?}");
        }
        // A second line of the title (the rule) is drawn below it, cut to the width.
        let two = PlotOptions {
            title: format!(
                "sub[1,3,4]\nrule: G(n) = [0, 1, 0, 1, 2, 3, 2][n mod 7]{}",
                " x".repeat(200)
            ),
            ..PlotOptions::default()
        };
        let svg2 = plot_svg(&g, None, &two);
        assert!(
            svg2.contains(">\nrule: G(n) = [0, 1, 0, 1, 2, 3, 2][n mod 7] x x"),
            "{svg2}"
        );
        assert!(svg2.contains(" x...\n</text>") && !svg2.contains("\\n"));
        // Heaps 0..9 and values 0..3: every tick a round number (the old axis read 0, 4, 9).
        let numbers: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| t.parse::<u64>().is_ok())
            .collect();
        let x_ticks: Vec<String> = (0..=9).map(|k| k.to_string()).collect();
        assert_eq!(numbers[..4], ["0", "1", "2", "3"]);
        assert_eq!(numbers[4..], x_ticks);
        let narrow = plot_svg(&g, None, &PlotOptions { width: 400, ..opts });
        // 400 pixels hold three intervals: the heaps are marked 0 and 5 (values 0..3 still).
        assert!(narrow.contains(">\n5\n</text>") && !narrow.contains(">\n9\n</text>"));
    }

    #[test]
    fn zeros_are_red_dots_above_the_x_axis() {
        // Values 0 and 1 alternate: half the dots are P-positions.
        let v: Vec<u32> = (0..50).map(|i| i % 2).collect();
        let mut bytes = Vec::new();
        plot_png(
            &mut bytes,
            &Values::from_u32(&v),
            None,
            &PlotOptions::default(),
        )
        .expect("ok");
        let (w, h, rgb) = decode(&bytes);
        let at = |x: u32, y: u32| {
            let i = ((y * w + x) * 3) as usize;
            [rgb[i], rgb[i + 1], rgb[i + 2]]
        };
        let red = [ZERO.0, ZERO.1, ZERO.2];
        let axis = [LABEL.0, LABEL.1, LABEL.2];
        // The x axis: the lowest row of the plot with a long run of the axis colour.
        let axis_y = (0..h)
            .rev()
            .find(|&y| (0..w).filter(|&x| at(x, y) == axis).count() > (w / 2) as usize)
            .expect("an x axis");
        let red_rows: Vec<u32> = (0..h)
            .filter(|&y| (0..w / 2).any(|x| at(x, y) == red))
            .collect();
        assert!(!red_rows.is_empty(), "red dots");
        // Every red pixel of the plot's left half (the legend is at the right) lies at least
        // a dot's radius above the axis, none on or under it.
        let lowest = *red_rows.last().expect("some");
        assert!(
            lowest + 3 < axis_y,
            "lowest red row {lowest}, axis {axis_y}"
        );
        // Dots are several pixels wide, not 1 or 2.
        let row = red_rows[red_rows.len() / 2];
        let mut run = 0;
        let mut best = 0;
        for x in 0..w {
            run = if at(x, row) == red { run + 1 } else { 0 };
            best = best.max(run);
        }
        assert!(best >= 5, "a dot {best} pixels wide");
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
        let p = Period {
            preperiod: 0,
            period: 1,
            saltus: 0,
            proven: false,
            values_needed: 0,
        };
        for g in [Values::default(), Values::from_u32(&[0])] {
            for period in [None, Some(&p)] {
                let svg = plot_svg(&g, period, &tiny);
                assert!(svg.starts_with("<svg"), "{svg}");
                assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
                assert!(!svg.contains("cannot draw"), "{svg}");
                let mut bytes = Vec::new();
                plot_png(&mut bytes, &g, period, &tiny).expect("encodes");
                let reader = png::Decoder::new(&bytes[..]).read_info().expect("decodes");
                // A side is clamped to 90 pixels at least.
                assert_eq!((reader.info().width, reader.info().height), (90, 90));
            }
        }
    }
}
