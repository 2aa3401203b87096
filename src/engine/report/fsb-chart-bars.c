/* fsb-chart-bars.c: the bars of a chart, a band of tasks under each axis */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-chart-private.h"
#include "fsb-format.h"

/* An axis --------------------------------------------------------------- */

typedef struct {
  double      max;     /* in the metric's own unit */
  double      step;
  double      scale;   /* what one tick unit is in the metric's unit (1000 for ms of a _s metric) */
  const char *unit;    /* the unit the ticks are written in */
} Axis;

static double
nice_step (double max, int ticks)
{
  double raw = max / ticks, mag, norm;

  if (raw <= 0 || !isfinite (raw))
    return 1;
  mag = pow (10, floor (log10 (raw)));
  norm = raw / mag;
  return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

static void
axis_for_band (const Model *m, const Band *band, gboolean first, Axis *axis)
{
  double max = band->max_value, metric_scale;

  /* a shared scale across charts applies to the band of the largest figures */
  if (first)
    max = MAX (max, m->options->axis_max);
  axis->unit = fsb_metric_unit (m->metric);
  axis->scale = 1;
  if (fsb_format_metric_is_time (m->metric, &metric_scale))
    {
      /* ticks in the unit the figures of this band read best in */
      double unit_s = fsb_format_time_unit (max * metric_scale, &axis->unit);
      axis->scale = metric_scale / unit_s;
    }
  /* a value no measurement reaches must not overflow the axis */
  max = CLAMP (max * axis->scale, 1e-9, 1e300);
  if (!isfinite (max))
    max = 1;
  axis->step = nice_step (max, 5);
  axis->max = ceil (max / axis->step) * axis->step;
  if (m->options->kind == FSB_CHART_CAPACITY)
    axis->step = 20, axis->max = 100, axis->scale = 1;
  /* back to the metric's unit */
  axis->max /= axis->scale;
}

static char *
axis_title (const Model *m, const Axis *axis)
{
  const char *name = fsb_metric_display_name (m->metric);
  g_autofree char *named = NULL;

  if (m->options->kind == FSB_CHART_CAPACITY)
    name = _("Available space");
  /* Translators: an axis title, the quantity and its unit: "Time (s)" */
  named = *axis->unit != '\0' ? g_strdup_printf (_("%s (%s)"), name, axis->unit) : g_strdup (name);
  if (m->options->kind == FSB_CHART_CPU || m->options->kind == FSB_CHART_FAULTS || !m->higher_is_better)
    /* Translators: an axis title followed by which way is better */
    return g_strdup_printf (_("%s — shorter is better"), named);
  /* Translators: an axis title, then which way is better */
  return g_strdup_printf (_("%s — longer is better"), named);
}

/* An axis title wraps to at most this many lines of the chart's width. */
#define AXIS_TITLE_LINES 2

static char *
tick_text (const Model *m, const Axis *axis, double v)
{
  if (g_strcmp0 (m->metric, "percent") == 0 || g_strcmp0 (m->metric, "cpu_percent") == 0 || axis->scale != 1)
    return fsb_format_number (v, -1);
  return fsb_format_value (v, m->metric);
}

/* counted, not stepped: v += step never ends once step is lost in the rounding of v */
static guint
n_ticks (const Axis *axis)
{
  return (guint) MIN (floor (axis->max * axis->scale / axis->step * 1.0001), 20);
}

void
fsb_chart_axis_room (Ink *ink, const Model *m, double width, double *left, double *title_h)
{
  *left = *title_h = 0;
  for (guint b = 0; b < m->bands->len; b++)
    {
      Axis axis = { 0 };
      g_autofree char *zero = NULL, *title = NULL;

      axis_for_band (m, &g_array_index (m->bands, Band, b), b == 0, &axis);
      zero = tick_text (m, &axis, 0);
      title = axis_title (m, &axis);
      *left = MAX (*left, fsb_ink_text_width (ink, zero, fsb_chart_smallest_text (), FALSE) / 2);
      *title_h = MAX (*title_h, fsb_ink_lines_height (ink, title, fsb_chart_smallest_text (), width, AXIS_TITLE_LINES));
    }
}

static void
draw_axis (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, const Axis *axis, double top, double bottom)
{
  double size = g->size, widest = 0, step_w = g->plot_w * axis->step / (axis->max * axis->scale);
  g_autofree char *title = axis_title (m, axis);
  guint n = n_ticks (axis), every;

  /* on a narrow chart, a figure every other tick (or fewer) rather than figures over each other */
  for (guint i = 0; i <= n; i++)
    {
      g_autofree char *tick = tick_text (m, axis, i * axis->step);
      widest = MAX (widest, fsb_ink_text_width (ink, tick, fsb_chart_smallest_text (), FALSE));
    }
  every = step_w > 0 ? (guint) MAX (1, ceil ((widest + size * 0.6) / step_w)) : 1;
  cairo_set_line_width (cr, MAX (0.5, size * 0.06));
  for (guint i = 0; i <= n; i++)
    {
      double v = i * axis->step, w;
      double x = g->plot_x + g->plot_w * v / (axis->max * axis->scale);
      g_autofree char *tick = tick_text (m, axis, v);

      cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
      cairo_move_to (cr, x, top - g->row_gap * 0.3);
      cairo_line_to (cr, x, bottom);
      cairo_stroke (cr);
      if (i % every != 0)
        continue;
      /* the chart made room for the "0" left of its line; the last figure stays inside too */
      w = fsb_ink_text_width (ink, tick, fsb_chart_smallest_text (), FALSE);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      fsb_ink_draw (ink, tick, CLAMP (x, w / 2, g->width - w / 2), bottom + size * 0.8, 0.5, fsb_chart_smallest_text (),
                    FALSE, -1);
    }
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  fsb_ink_draw_lines (ink, title, g->plot_x + g->plot_w / 2, bottom + size * 1.7, 0.5, fsb_chart_smallest_text (), FALSE,
                      g->width, AXIS_TITLE_LINES, g->width);
}

/* A bar ----------------------------------------------------------------- */

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* White or near-black text on a filesystem's colour, whichever contrasts more (WCAG). */
static gboolean
white_on (const Model *m, guint index)
{
  double r, gr, b, l;

  fsb_chart_series_color (m, index, &r, &gr, &b);
  l = 0.2126 * linear (r) + 0.7152 * linear (gr) + 0.0722 * linear (b);
  return 1.05 / (l + 0.05) > (l + 0.05) / 0.06;
}

static void
draw_whisker (cairo_t *cr, const Geometry *g, double x_low, double x_high, double cy)
{
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_set_line_width (cr, MAX (0.6, g->size * 0.09));
  cairo_move_to (cr, x_low, cy);
  cairo_line_to (cr, x_high, cy);
  cairo_move_to (cr, x_low, cy - g->bar_h * 0.3);
  cairo_line_to (cr, x_low, cy + g->bar_h * 0.3);
  cairo_move_to (cr, x_high, cy - g->bar_h * 0.3);
  cairo_line_to (cr, x_high, cy + g->bar_h * 0.3);
  cairo_stroke (cr);
}

/* The median's value goes on its own bar: inside its end, left of the
 * whisker when it fits there, else over the whisker; a bar too short for
 * it has it just after the bar and its whisker. */
static void
draw_bar (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, const Row *row, guint f,
          double by, double scale_max)
{
  const Cell *c = &row->cells[f];
  double size = g->size, pad = size * 0.35, cy = by + g->bar_h / 2;
  /* past the axis' end only a little, whatever the value */
  double w = g->plot_w * CLAMP (c->median / scale_max, 0, 1.05);
  double x_end = g->plot_x + w;
  double x_low = g->plot_x + g->plot_w * CLAMP (c->low / scale_max, 0, 1.05);
  double x_high = g->plot_x + g->plot_w * CLAMP (c->high / scale_max, 0, 1.05);
  gboolean whisker = c->high > c->low;
  g_autofree char *label = fsb_chart_format_cell (m, row, c->median, !m->shared_axis);
  double tw = fsb_ink_text_width (ink, label, 0.9, FALSE);
  double right = (whisker ? MIN (x_end, x_low) : x_end) - pad;

  fsb_chart_set_fs_color (cr, m, f);
  cairo_rectangle (cr, g->plot_x, by, MAX (w, 0.5), g->bar_h);
  cairo_fill (cr);
  if (whisker)
    draw_whisker (cr, g, x_low, x_high, cy);

  if (right - tw >= g->plot_x + pad)
    {
      if (white_on (m, f))
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      fsb_ink_draw (ink, label, right, cy, 1, 0.9, FALSE, -1);
    }
  else if (x_end - pad - tw >= g->plot_x + pad)
    {
      /* over a patch of the bar's colour: the whisker passes behind the figure */
      fsb_chart_set_fs_color (cr, m, f);
      cairo_rectangle (cr, x_end - tw - 1.5 * pad, by + g->bar_h * 0.1, tw + pad, g->bar_h * 0.8);
      cairo_fill (cr);
      if (white_on (m, f))
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      fsb_ink_draw (ink, label, x_end - pad, cy, 1, 0.9, FALSE, -1);
    }
  else
    {
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      fsb_ink_draw (ink, label, MAX (x_end, whisker ? x_high : x_end) + size * 0.3, cy, 0, 0.9, FALSE, -1);
    }
}

static void
draw_row (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, const Row *row, double y, double scale_max)
{
  double size = g->size;
  double bars_y = y + g->row_label_h;
  double bars_h = MAX (m->n_fs, 1) * (g->bar_h + g->bar_gap);

  if (!m->shared_axis)
    {
      scale_max = 0;
      for (guint f = 0; f < m->n_fs; f++)
        if (row->cells[f].have)
          scale_max = MAX (scale_max, MAX (row->cells[f].high, row->cells[f].median));
    }
  if (scale_max <= 0)
    scale_max = 1;

  cairo_set_source_rgb (cr, row->pending ? 0.55 : 0.1, row->pending ? 0.55 : 0.1, row->pending ? 0.55 : 0.1);
  if (g->stacked && g->label_lines > 1)
    fsb_ink_draw_lines (ink, row->label, 0, y + size * 0.1, 0, 1, TRUE, g->width, g->label_lines, g->width);
  else if (g->stacked)
    fsb_ink_draw (ink, row->label, 0, y + g->row_label_h / 2, 0, 1, TRUE, g->width);
  else
    fsb_ink_draw (ink, row->label, 0, bars_y + bars_h / 2, 0, 1, FALSE, g->label_w - size * 0.6);

  for (guint f = 0; f < m->n_fs; f++)
    {
      const Cell *c = &row->cells[f];
      double by = bars_y + f * (g->bar_h + g->bar_gap);

      if (!c->have)
        {
          const char *what = c->failed ? _("failed") : (m->options->live ? _("waiting") : NULL);
          if (what == NULL)
            continue;
          if (c->failed)
            cairo_set_source_rgb (cr, 0.75, 0.1, 0.1);
          else
            cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
          fsb_ink_draw (ink, what, g->plot_x + size * 0.3, by + g->bar_h / 2, 0, 0.9, FALSE, -1);
          continue;
        }
      draw_bar (cr, ink, m, g, row, f, by, scale_max);
    }
}

void
fsb_chart_draw_bands (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, double y0)
{
  double y = y0, row_h = fsb_chart_row_height (m, g);

  for (guint b = 0; b < m->bands->len; b++)
    {
      const Band *band = &g_array_index (m->bands, Band, b);
      double top = y, bottom = y + band->n_rows * (row_h + g->row_gap);
      Axis axis = { 0 };

      if (m->shared_axis)
        {
          axis_for_band (m, band, b == 0, &axis);
          draw_axis (cr, ink, m, g, &axis, top, bottom);
        }
      for (guint r = 0; r < band->n_rows; r++)
        {
          draw_row (cr, ink, m, g, m->rows->pdata[band->first + r], y, axis.max);
          y += row_h + g->row_gap;
        }
      /* the zero line */
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cairo_set_line_width (cr, MAX (0.6, g->size * 0.08));
      cairo_move_to (cr, g->plot_x, top - g->row_gap * 0.3);
      cairo_line_to (cr, g->plot_x, bottom);
      cairo_stroke (cr);
      y = top + fsb_chart_band_height (m, g, band) + g->band_gap;
    }
}
