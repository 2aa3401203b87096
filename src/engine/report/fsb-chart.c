/* fsb-chart.c: the one chart renderer, for the window, SVG, PNG and PDF */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "fsb-chart-private.h"
#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-png.h"
#include "fsb-recommend.h"
#include "fsb-stats.h"
#include "fsb-text-fit.h"

/* Okabe & Ito, "Color Universal Design": distinguishable with every
 * common colour-vision deficiency. Yellow last: weak on white. */
static const guint32 palette[] = {
  0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0x56B4E9, 0xCC79A7, 0x000000, 0xF0E442,
};

void
fsb_chart_fs_color (guint index, double *red, double *green, double *blue)
{
  guint32 c = palette[index % G_N_ELEMENTS (palette)];

  *red = ((c >> 16) & 0xff) / 255.0;
  *green = ((c >> 8) & 0xff) / 255.0;
  *blue = (c & 0xff) / 255.0;
}

/* A bar's colour: its filesystem's, or (AGING) that filesystem's fresh and aged shades. */
void
fsb_chart_set_fs_color (cairo_t *cr, const Model *m, guint f)
{
  double r, g, b;

  fsb_chart_series_color (m, f, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
}

/* The smallest text is the axis ticks, the value labels and the legend's
 * note on the whiskers: this share of the font size. */
#define SMALLEST_TEXT 0.9

double
fsb_chart_smallest_text (void)
{
  return SMALLEST_TEXT;
}

/* Text ------------------------------------------------------------------- */

static void
ink_init (Ink *ink, cairo_t *cr, double size)
{
  memset (ink, 0, sizeof *ink);
  ink->cr = cr;
  ink->size = size;
  ink->layout = pango_cairo_create_layout (cr);
  ink->font = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (ink->font, size * PANGO_SCALE);
  pango_layout_set_font_description (ink->layout, ink->font);
}

static void
ink_clear (Ink *ink)
{
  g_clear_object (&ink->layout);
  g_clear_pointer (&ink->font, pango_font_description_free);
}

/* Text in at most max_lines lines of max_width (none: one line, as wide
 * as it is), ellipsized: a label from a result file may be 64,000
 * characters long. */
static void
ink_set_lines (Ink *ink, const char *text, double size_factor, gboolean bold, double max_width, guint max_lines)
{
  double size = ink->size * size_factor;
  g_autofree char *fitted = fsb_text_fit (text, max_width, size, max_width > 0 ? max_lines : 1);

  pango_font_description_set_absolute_size (ink->font, size * PANGO_SCALE);
  pango_font_description_set_weight (ink->font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (ink->layout, ink->font);
  pango_layout_set_width (ink->layout, max_width > 0 ? (int) (max_width * PANGO_SCALE) : -1);
  pango_layout_set_wrap (ink->layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (ink->layout, max_width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  /* 0: exactly one line */
  pango_layout_set_height (ink->layout, max_lines > 1 ? (int) (fsb_text_fit_height (size, max_lines) * PANGO_SCALE) : 0);
  pango_layout_set_alignment (ink->layout, PANGO_ALIGN_LEFT);
  pango_layout_set_text (ink->layout, fitted, -1);
}

void
fsb_ink_set (Ink *ink, const char *text, double size_factor, gboolean bold, double max_width)
{
  ink_set_lines (ink, text, size_factor, bold, max_width, 1);
}

void
fsb_ink_size (Ink *ink, double *width, double *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (ink->layout, NULL, &logical);
  if (width != NULL)
    *width = logical.width / (double) PANGO_SCALE;
  if (height != NULL)
    *height = logical.height / (double) PANGO_SCALE;
}

double
fsb_ink_text_width (Ink *ink, const char *text, double factor, gboolean bold)
{
  double w;

  fsb_ink_set (ink, text, factor, bold, -1);
  fsb_ink_size (ink, &w, NULL);
  return w;
}

void
fsb_ink_draw (Ink *ink, const char *text, double x, double y, double align,
              double factor, gboolean bold, double max_width)
{
  double w, h;

  fsb_ink_set (ink, text, factor, bold, max_width);
  fsb_ink_size (ink, &w, &h);
  if (pango_layout_is_ellipsized (ink->layout))
    ink->cut++;
  cairo_move_to (ink->cr, x - w * align, y - h / 2);
  pango_cairo_show_layout (ink->cr, ink->layout);
}

double
fsb_ink_lines_height (Ink *ink, const char *text, double factor, double max_width, guint max_lines)
{
  double h;

  ink_set_lines (ink, text, factor, FALSE, max_width, max_lines);
  fsb_ink_size (ink, NULL, &h);
  return h;
}

double
fsb_ink_draw_lines (Ink *ink, const char *text, double x, double y, double align, double factor, gboolean bold,
                    double max_width, guint max_lines, double limit)
{
  PangoRectangle logical;
  double left;

  ink_set_lines (ink, text, factor, bold, max_width, max_lines);
  pango_layout_set_alignment (ink->layout, align > 0 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
  if (pango_layout_is_ellipsized (ink->layout))
    ink->cut++;
  pango_layout_get_extents (ink->layout, NULL, &logical);
  /* where its widest line starts, kept in the box */
  left = x - logical.width / (double) PANGO_SCALE * align;
  left = CLAMP (left, 0, MAX (0, limit - logical.width / (double) PANGO_SCALE));
  cairo_move_to (ink->cr, left - logical.x / (double) PANGO_SCALE, y);
  pango_cairo_show_layout (ink->cr, ink->layout);
  return logical.height / (double) PANGO_SCALE;
}

/* The caption: wrapped, in at most this many lines, ellipsized. */
#define CAPTION_LINES 3

static double
caption_height (Ink *ink, const char *caption, double width)
{
  double h;

  if (caption == NULL || *caption == '\0')
    return 0;
  ink_set_lines (ink, caption, SMALLEST_TEXT, FALSE, width, CAPTION_LINES);
  fsb_ink_size (ink, NULL, &h);
  return h + ink->size * 0.8;
}

/* Geometry --------------------------------------------------------------- */

/* The transfer matrix's caption wraps to at most this many lines. */
#define TRANSFER_CAPTION_LINES 2

static char *
transfer_caption (void)
{
  /* Translators: the caption under the transfer matrix */
  return g_strdup_printf (_("%s, from the row’s filesystem to the column’s — more is better"),
                          fsb_metric_unit ("mb_per_s"));
}


char *
fsb_chart_format_cell (const Model *m, const Row *row, double value, gboolean with_unit)
{
  double scale;

  if (g_strcmp0 (row->metric, "percent") == 0)
    return fsb_format_percent (value, 2);
  /* times in the unit that suits each, as the tables write them */
  if (fsb_format_metric_is_time (row->metric, &scale))
    return fsb_format_time_as (value * scale, row->reference * scale);
  return with_unit ? fsb_format_value_unit (value, row->metric) : fsb_format_value (value, row->metric);
}

/* What the whiskers show, in the legend. */
static const char *
whisker_note (const Model *m)
{
  if (m->options->kind == FSB_CHART_CAPACITY || m->options->kind == FSB_CHART_TRANSFER)
    return NULL;
  for (guint r = 0; r < m->rows->len; r++)
    for (guint f = 0; f < m->n_fs; f++)
      {
        const Cell *c = &((const Row *) m->rows->pdata[r])->cells[f];
        if (c->have && c->high > c->low)
          /* xgettext:no-c-format */
          return m->intervals ? _("bar: median; whisker: its 95 % interval")
                              : _("bar: median; whisker: fastest to slowest repetition");
      }
  return NULL;
}

/* The note on the whiskers wraps under the legend's names in at most this
 * many lines; a name is cut only when it is wider than the whole chart. */
#define NOTE_LINES 3

/* A name's width in the legend, its swatch and the gap after it included. */
static double
legend_item_width (Ink *ink, const Model *m, guint f, double width)
{
  double size = ink->size;

  return size * 1.4 + MIN (fsb_ink_text_width (ink, fsb_chart_series_name (m, f), 1, FALSE), width - size * 1.4) +
         size * 1.2;
}

/* The legend's names, laid out in lines, and the note under them. */
static double
legend_height (Ink *ink, const Model *m, double width)
{
  double x = 0, size = ink->size;
  guint lines = m->n_fs > 0 ? 1 : 0;
  const char *note = whisker_note (m);

  for (guint f = 0; f < m->n_fs; f++)
    {
      double w = legend_item_width (ink, m, f, width);

      if (x > 0 && x + w > width + size * 1.2)
        {
          lines++;
          x = 0;
        }
      x += w;
    }
  if (note == NULL)
    return lines * size * 1.6;
  return lines * size * 1.6 + MAX (size * 1.6, fsb_ink_lines_height (ink, note, SMALLEST_TEXT, width - size * 1.6,
                                                                     NOTE_LINES) + size * 0.5);
}

double
fsb_chart_row_height (const Model *m, const Geometry *g)
{
  return g->row_label_h + MAX (m->n_fs, 1) * (g->bar_h + g->bar_gap);
}

double
fsb_chart_band_height (const Model *m, const Geometry *g, const Band *band)
{
  return band->n_rows * (fsb_chart_row_height (m, g) + g->row_gap) + g->axis_h;
}

static void
geometry_compute (Geometry *g, Ink *ink, const Model *m, double width)
{
  const FsbChartOptions *o = m->options;
  double widest = 0, widest_bold = 0;

  memset (g, 0, sizeof *g);
  g->size = ink->size;
  g->pad = g->size * 0.5;
  g->title_h = o->title != NULL ? g->size * 2.0 : 0;
  g->width = width;
  g->legend_h = legend_height (ink, m, width);
  g->caption_h = caption_height (ink, o->caption, width);
  g->bar_h = g->size * 1.15;
  g->bar_gap = g->size * 0.2;
  g->row_gap = g->size * 0.9;
  g->axis_h = g->size * 3.4;
  g->band_gap = g->size * 1.2;

  if (o->kind == FSB_CHART_TRANSFER)
    {
      guint n = m->n_fs;
      g->label_w = 0;
      for (guint f = 0; f < n; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (m->result->filesystems, f);
          g->label_w = MAX (g->label_w, fsb_ink_text_width (ink, fsb_format_fs_name (fs->name), 1, TRUE));
        }
      g->label_w = MIN (g->label_w + g->size, width * 0.3);
      g->plot_x = g->label_w;
      g->plot_w = width - g->plot_x;
      {
        g_autofree char *caption = transfer_caption ();

        g->height = g->title_h + g->size * 2.2 + n * g->size * 2.4 + g->caption_h + g->size +
                    fsb_ink_lines_height (ink, caption, SMALLEST_TEXT, width, TRANSFER_CAPTION_LINES);
      }
      return;
    }

  for (guint r = 0; r < m->rows->len + (m->other_rows != NULL ? m->other_rows->len : 0); r++)
    {
      const Row *row = r < m->rows->len ? m->rows->pdata[r] : m->other_rows->pdata[r - m->rows->len];
      widest = MAX (widest, fsb_ink_text_width (ink, row->label, 1, FALSE));
      widest_bold = MAX (widest_bold, fsb_ink_text_width (ink, row->label, 1, TRUE));
      for (guint f = 0; f < m->n_fs; f++)
        if (row->cells[f].have)
          {
            g_autofree char *v = fsb_chart_format_cell (m, row, row->cells[f].median, !m->shared_axis);
            g->value_w = MAX (g->value_w, fsb_ink_text_width (ink, v, SMALLEST_TEXT, FALSE));
          }
    }
  g->value_w = MAX (g->value_w, fsb_ink_text_width (ink, _("waiting"), SMALLEST_TEXT, FALSE)) + g->size * 0.6;
  /* Narrow (a phone): the names go above their bars, which take the whole width. */
  g->stacked = width < g->size * 40 || widest + g->size > width * 0.36;
  if (g->stacked)
    {
      /* a name wider than the chart on two lines ("Создание файлов, у каждого своя папка (1 задание)") */
      g->label_lines = widest_bold > width ? 2 : 1;
      g->row_label_h = g->size * (g->label_lines > 1 ? 2.8 : 1.5);
      g->label_w = 0;
    }
  else
    g->label_w = widest + g->size;
  g->plot_x = g->label_w;
  if (m->shared_axis)
    {
      double zero_room, title_h;

      /* under the ticks, the axis' title in as many lines as it needs */
      fsb_chart_axis_room (ink, m, width, &zero_room, &title_h);
      g->plot_x = MAX (g->plot_x, zero_room);
      g->axis_h = g->size * 2.2 + title_h;
    }
  else
    g->axis_h = g->size * 0.8;
  g->plot_w = MAX (width - g->plot_x - g->value_w, width * 0.2);
  g->height = g->title_h + g->legend_h + g->pad + g->caption_h;
  for (guint b = 0; b < m->bands->len; b++)
    g->height += fsb_chart_band_height (m, g, &g_array_index (m->bands, Band, b)) + (b > 0 ? g->band_gap : 0);
  /* room for the note on the tasks left out */
  if (m->hidden_rows > 0)
    g->height += g->size * 2;
}

/* Drawing ---------------------------------------------------------------- */

static void
draw_legend (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, double y, double width)
{
  double x = 0, size = g->size;
  const char *note = whisker_note (m);

  for (guint f = 0; f < m->n_fs; f++)
    {
      const char *name = fsb_chart_series_name (m, f);
      double w = legend_item_width (ink, m, f, width);

      if (x > 0 && x + w > width + size * 1.2)
        {
          x = 0;
          y += size * 1.6;
        }
      fsb_chart_set_fs_color (cr, m, f);
      cairo_rectangle (cr, x, y + size * 0.3, size, size);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      fsb_ink_draw (ink, name, x + size * 1.4, y + size * 0.8, 0, 1, FALSE, width - x - size * 1.4);
      x += w;
    }
  if (note != NULL)
    {
      double cy = y + size * 1.6 + size * 0.8;
      /* the note's first line centred on the whisker's sign */
      double line_h = fsb_ink_lines_height (ink, "0", SMALLEST_TEXT, -1, 1);

      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      cairo_set_line_width (cr, MAX (0.6, size * 0.09));
      cairo_move_to (cr, 0, cy);
      cairo_line_to (cr, size * 1.1, cy);
      cairo_move_to (cr, 0, cy - size * 0.35);
      cairo_line_to (cr, 0, cy + size * 0.35);
      cairo_move_to (cr, size * 1.1, cy - size * 0.35);
      cairo_line_to (cr, size * 1.1, cy + size * 0.35);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      fsb_ink_draw_lines (ink, note, size * 1.6, cy - line_h / 2, 0, SMALLEST_TEXT, FALSE, width - size * 1.6, NOTE_LINES,
                          width);
    }
}

static void
draw_caption (Ink *ink, const char *caption, double y, double width)
{
  if (caption == NULL || *caption == '\0')
    return;
  cairo_set_source_rgb (ink->cr, 0.35, 0.35, 0.35);
  fsb_ink_draw_lines (ink, caption, 0, y + ink->size * 0.5, 0, SMALLEST_TEXT, FALSE, width, CAPTION_LINES, width);
}

/* The median of a transfer's copies (NaN: none measured). */
static double
transfer_median (const Model *m, const FsbTransfer *t)
{
  FsbStats s;

  return fsb_transfer_stats (m->result, t, &s) ? s.median : NAN;
}

static void
draw_transfers (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, double y0)
{
  guint n = m->n_fs;
  double size = g->size, cell_w, cell_h = size * 2.4, head_h = size * 2.2;
  double min_value = m->max_value;

  if (n == 0)
    return;
  for (guint k = 0; k < m->result->transfers->len; k++)
    {
      double v = transfer_median (m, m->result->transfers->pdata[k]);
      if (isfinite (v))
        min_value = MIN (min_value, v);
    }
  cell_w = g->plot_w / n;
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  for (guint j = 0; j < n; j++)
    {
      FsbFsResult *to = g_ptr_array_index (m->result->filesystems, j);
      fsb_ink_draw (ink, fsb_format_fs_name (to->name), g->plot_x + cell_w * (j + 0.5), y0 + head_h / 2, 0.5, 1, TRUE,
                 cell_w - size * 0.3);
    }
  for (guint i = 0; i < n; i++)
    {
      FsbFsResult *from = g_ptr_array_index (m->result->filesystems, i);
      double y = y0 + head_h + i * cell_h;

      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      fsb_ink_draw (ink, fsb_format_fs_name (from->name), 0, y + cell_h / 2, 0, 1, TRUE, g->label_w - size * 0.5);
      for (guint j = 0; j < n; j++)
        {
          FsbFsResult *to = g_ptr_array_index (m->result->filesystems, j);
          double x = g->plot_x + j * cell_w;
          const FsbTransfer *found = NULL;

          for (guint k = 0; k < m->result->transfers->len; k++)
            {
              const FsbTransfer *t = m->result->transfers->pdata[k];
              if (g_strcmp0 (t->from, from->name) == 0 && g_strcmp0 (t->to, to->name) == 0)
                found = t;
            }
          if (found == NULL)
            {
              cairo_set_source_rgb (cr, 0.95, 0.95, 0.95);
              cairo_rectangle (cr, x + 1, y + 1, cell_w - 2, cell_h - 2);
              cairo_fill (cr);
              continue;
            }
          {
            /* Blue from the palette, lighter for slower: readable in grey
             * too. The scale runs from the slowest to the fastest copy. */
            double v = transfer_median (m, found);
            double t = m->max_value > min_value ? 0.15 + 0.85 * (v - min_value) / (m->max_value - min_value)
                                                : 0.6;
            g_autofree char *label = n <= 16 ? fsb_format_number (v, 1) : NULL;

            cairo_set_source_rgb (cr, 1 - t * (1 - 0x00 / 255.0), 1 - t * (1 - 0x72 / 255.0), 1 - t * (1 - 0xB2 / 255.0));
            cairo_rectangle (cr, x + 1, y + 1, cell_w - 2, cell_h - 2);
            cairo_fill (cr);
            if (t > 0.55)
              cairo_set_source_rgb (cr, 1, 1, 1);
            else
              cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
            /* more cells than fit a figure each: the colour says it */
            if (label != NULL)
              fsb_ink_draw (ink, label, x + cell_w / 2, y + cell_h / 2, 0.5, 1, FALSE, cell_w - size * 0.3);
          }
        }
    }
  {
    g_autofree char *caption = transfer_caption ();

    cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
    fsb_ink_draw_lines (ink, caption, g->plot_x + g->plot_w / 2, y0 + head_h + n * cell_h + size * 0.5, 0.5,
                        SMALLEST_TEXT, FALSE, g->width, TRANSFER_CAPTION_LINES, g->width);
  }
}

static double
font_size (const FsbChartOptions *options)
{
  return options->font_size > 0 ? options->font_size : 11;
}

static cairo_t *
scratch_context (cairo_surface_t **surface)
{
  *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  return cairo_create (*surface);
}

static double
model_height (const Model *m, double width)
{
  cairo_surface_t *surface;
  cairo_t *cr = scratch_context (&surface);
  Ink ink;
  Geometry g;

  ink_init (&ink, cr, font_size (m->options));
  geometry_compute (&g, &ink, m, width);
  ink_clear (&ink);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ceil (g.height);
}

guint
fsb_chart_get_n_rows (FsbResult *result, const FsbChartOptions *options)
{
  FsbChartOptions all = *options;
  Model m;
  guint n;

  g_return_val_if_fail (result != NULL && options != NULL, 0);
  all.first_row = all.n_rows = 0;
  fsb_chart_model_build (&m, result, &all);
  n = options->kind == FSB_CHART_TRANSFER ? 0 : m.rows->len;
  fsb_chart_model_clear (&m);
  return n;
}

double
fsb_chart_get_height (FsbResult *result, const FsbChartOptions *options, double width)
{
  Model m;
  double height;

  g_return_val_if_fail (result != NULL && options != NULL, 0);
  fsb_chart_model_build (&m, result, options);
  height = model_height (&m, width);
  fsb_chart_model_clear (&m);
  return height;
}

guint
fsb_chart_rows_fitting (FsbResult *result, const FsbChartOptions *options, guint first_row, double width, double height)
{
  FsbChartOptions part = *options;
  guint n_rows = fsb_chart_get_n_rows (result, options), n = 0;

  part.first_row = first_row;
  for (guint k = 1; first_row + k <= n_rows; k++)
    {
      part.n_rows = k;
      if (fsb_chart_get_height (result, &part, width) > height)
        break;
      n = k;
    }
  return n;
}

/* Returns how many texts were cut to fit. */
static guint
draw_model (cairo_t *cr, const Model *m, double width, double height)
{
  const FsbChartOptions *options = m->options;
  Ink ink;
  Geometry g;
  double y = 0;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  ink_init (&ink, cr, font_size (options));
  geometry_compute (&g, &ink, m, width);

  if (options->title != NULL)
    {
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      fsb_ink_draw (&ink, options->title, 0, g.title_h / 2, 0, 1.15, TRUE, width);
      y += g.title_h;
    }
  if (options->kind == FSB_CHART_TRANSFER)
    draw_transfers (cr, &ink, m, &g, y);
  else
    {
      draw_legend (cr, &ink, m, &g, y, width);
      y += g.legend_h + g.pad;
      if (m->rows->len == 0)
        {
          cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
          fsb_ink_draw (&ink, _("Nothing measured yet"), width / 2, y + g.size, 0.5, 1, FALSE, width);
        }
      else
        fsb_chart_draw_bands (cr, &ink, m, &g, y);
      if (m->hidden_rows > 0)
        {
          g_autofree char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                /* Translators: %u is a number of tasks left out of a chart */
                                                                "%u more task is not drawn; the tables show every task.",
                                                                "%u more tasks are not drawn; the tables show every task.",
                                                                m->hidden_rows), m->hidden_rows);
          cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
          fsb_ink_draw (&ink, note, 0, g.height - g.caption_h - g.size * 0.9, 0, 0.9, FALSE, width);
        }
    }
  draw_caption (&ink, options->caption, g.height - g.caption_h, width);

  ink_clear (&ink);
  cairo_restore (cr);
  return ink.cut;
}

guint
fsb_chart_draw_counting_cuts (cairo_t *cr, FsbResult *result, const FsbChartOptions *options, double width,
                              double height)
{
  Model m;
  guint cut;

  fsb_chart_model_build (&m, result, options);
  cut = draw_model (cr, &m, width, height);
  fsb_chart_model_clear (&m);
  return cut;
}

void
fsb_chart_draw (cairo_t *cr, FsbResult *result, const FsbChartOptions *options, double width, double height)
{
  g_return_if_fail (cr != NULL && result != NULL && options != NULL);
  fsb_chart_draw_counting_cuts (cr, result, options, width, height);
}

/* Files ------------------------------------------------------------------ */

/* Standalone images get a white border, so text never touches the edge. */
#define FILE_MARGIN 8.0
/* PNG: at most 32,000 pixels a side and 8 million pixels (32 MB) in all. */
#define MAX_PNG_SIDE 32000.0
#define MAX_PNG_PIXELS 8e6

static cairo_status_t
append_to_string_cb (void *closure, const unsigned char *data, unsigned int length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

static char *
model_to_svg (const Model *m, double width, double height, gsize *length)
{
  GString *out = g_string_new (NULL);
  cairo_surface_t *surface;
  cairo_t *cr;

  if (height <= 0)
    height = model_height (m, width - 2 * FILE_MARGIN) + 2 * FILE_MARGIN;
  surface = cairo_svg_surface_create_for_stream (append_to_string_cb, out, width, height);
  cr = cairo_create (surface);
  cairo_translate (cr, FILE_MARGIN, FILE_MARGIN);
  draw_model (cr, m, width - 2 * FILE_MARGIN, height - 2 * FILE_MARGIN);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

char *
fsb_chart_to_svg (FsbResult *result, const FsbChartOptions *options,
                  double width, double height, gsize *length)
{
  Model m;
  char *svg;

  /* one model for the height and the drawing */
  fsb_chart_model_build (&m, result, options);
  svg = model_to_svg (&m, width, height, length);
  fsb_chart_model_clear (&m);
  return svg;
}

GStrv
fsb_chart_to_svgs (FsbResult *result, const FsbChartOptions *options, const double *widths, guint n_widths)
{
  GStrv svgs = g_new0 (char *, n_widths + 1);
  Model m;

  fsb_chart_model_build (&m, result, options);
  for (guint i = 0; i < n_widths; i++)
    svgs[i] = model_to_svg (&m, widths[i], 0, NULL);
  fsb_chart_model_clear (&m);
  return svgs;
}

gboolean
fsb_chart_write_svg (FsbResult *result, const FsbChartOptions *options,
                     double width, double height, const char *path, GError **error)
{
  gsize len = 0;
  g_autofree char *svg = fsb_chart_to_svg (result, options, width, height, &len);

  if (!g_file_set_contents (path, svg, (gssize) len, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  return TRUE;
}

gboolean
fsb_chart_write_png (FsbResult *result, const FsbChartOptions *options,
                     double width, double height, double scale,
                     const char *path, GError **error)
{
  g_autoptr(GString) png = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  Model m;

  fsb_chart_model_build (&m, result, options);
  if (height <= 0)
    height = model_height (&m, width - 2 * FILE_MARGIN) + 2 * FILE_MARGIN;
  if (scale <= 0)
    scale = 1;
  /* cairo makes no image over 32767 pixels a side, and a chart of very
   * many rows would take hundreds of megabytes: such a chart is drawn
   * smaller instead of not at all. */
  scale = MIN (scale, MAX_PNG_SIDE / MAX (1, MAX (width, height)));
  scale = MIN (scale, sqrt (MAX_PNG_PIXELS / MAX (1, width * height)));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale), (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, FILE_MARGIN, FILE_MARGIN);
  draw_model (cr, &m, width - 2 * FILE_MARGIN, height - 2 * FILE_MARGIN);
  fsb_chart_model_clear (&m);
  cairo_destroy (cr);
  /* In memory, then beside the report as a file of our own renamed over
   * the name (g_file_set_contents): a link planted there is replaced, its
   * target never written. */
  png = g_string_new (NULL);
  status = fsb_png_encode (surface, png) ? CAIRO_STATUS_SUCCESS
           : cairo_surface_write_to_png_stream (surface, append_to_string_cb, png);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: the first %s is a file name, the second cairo's reason */
                   _("Cannot write “%s”: %s"), display, cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_file_set_contents (path, png->str, (gssize) png->len, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  return TRUE;
}
