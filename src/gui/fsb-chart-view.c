/* fsb-chart-view.c: a GtkDrawingArea that draws a result with the engine's chart renderer */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fsb-chart.h"
#include "fsb-chart-view.h"

struct _FsbChartView
{
  GtkDrawingArea parent_instance;

  FsbResult *result;
  char      *section;    /* a criterion id, or NULL: every task */
  char      *task;       /* FSB_CHART_VIEW_SCALING: the task whose series it draws */
  gboolean   live;
  FsbChartViewKind kind;
  /* What the result, section, kind and liveness give, worked out once:
   * GTK asks for the height of every notebook page's chart at each
   * resize, and a chart of many tasks takes a tenth of a second. */
  int        has_data;       /* -1: not known yet */
  int        height_width;   /* the width height is for; -1: none */
  double     height;
};

G_DEFINE_FINAL_TYPE (FsbChartView, fsb_chart_view, GTK_TYPE_DRAWING_AREA)

enum { PROP_0, PROP_LIVE, PROP_SECTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
draw_message (GtkWidget *widget, cairo_t *cr, const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  int w, h;

  pango_layout_set_width (layout, (gtk_widget_get_allocated_width (widget) - 24) * PANGO_SCALE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_style_context_save (style);
  gtk_style_context_add_class (style, "dim-label");
  gtk_render_layout (style, cr, 12, (gtk_widget_get_allocated_height (widget) - h) / 2.0, layout);
  gtk_style_context_restore (style);
  g_object_unref (layout);
}

static void
get_options (FsbChartView *self, FsbChartOptions *options)
{
  const FsbCriterionSpec *criterion = fsb_catalog_criterion (self->section);

  memset (options, 0, sizeof *options);
  options->section = self->section;
  options->live = self->live;
  if (criterion != NULL && criterion->score == FSB_SCORE_CAPACITY)
    options->kind = FSB_CHART_CAPACITY;
  else if (criterion != NULL && criterion->score == FSB_SCORE_TRANSFER)
    options->kind = FSB_CHART_TRANSFER;
  else if (self->kind == FSB_CHART_VIEW_CPU)
    options->kind = FSB_CHART_CPU;
  else if (self->kind == FSB_CHART_VIEW_FAULTS)
    options->kind = FSB_CHART_FAULTS;
  else if (self->kind == FSB_CHART_VIEW_SCALING)
    {
      options->kind = FSB_CHART_SCALING;
      options->task = self->task;
    }
  else
    options->kind = FSB_CHART_SECTION;
}

static void
forget_sizes (FsbChartView *self)
{
  self->has_data = -1;
  self->height_width = -1;
}

static gboolean
has_data (FsbChartView *self, const FsbChartOptions *options)
{
  if (self->result == NULL)
    return FALSE;
  if (self->has_data < 0)
    self->has_data = fsb_chart_has_data (self->result, options);
  return self->has_data;
}

static gboolean
fsb_chart_view_draw (GtkWidget *widget, cairo_t *cr)
{
  FsbChartView *self = FSB_CHART_VIEW (widget);
  FsbChartOptions options;

  get_options (self, &options);
  if (!has_data (self, &options))
    {
      draw_message (widget, cr, self->live ? _("Results appear here as each task finishes.") : _("No results"));
      return GDK_EVENT_STOP;
    }
  /* The renderer draws its own background, axes, legend and numbers. */
  fsb_chart_draw (cr, self->result, &options,
                  gtk_widget_get_allocated_width (widget), gtk_widget_get_allocated_height (widget));
  return GDK_EVENT_STOP;
}

static GtkSizeRequestMode
fsb_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
fsb_chart_view_get_preferred_height_for_width (GtkWidget *widget, int width, int *minimum, int *natural)
{
  FsbChartView *self = FSB_CHART_VIEW (widget);
  FsbChartOptions options;
  double height = 220;

  get_options (self, &options);
  /* The live chart fills what it is given; a section's chart is as tall as its rows. */
  if (!self->live && has_data (self, &options))
    {
      if (self->height_width != width)
        {
          self->height = fsb_chart_get_height (self->result, &options, width);
          self->height_width = width;
        }
      height = MAX (self->height, 160);
    }
  *minimum = *natural = (int) height;
}

void
fsb_chart_view_set_result (FsbChartView *self, FsbResult *result)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  if (result != NULL)
    fsb_result_ref (result);
  g_clear_pointer (&self->result, fsb_result_unref);
  self->result = result;
  forget_sizes (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
fsb_chart_view_set_section (FsbChartView *self, const char *section)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  g_free (self->section);
  self->section = g_strdup (section);
  forget_sizes (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fsb_chart_view_set_task (FsbChartView *self, const char *task)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  g_free (self->task);
  self->task = g_strdup (task);
  forget_sizes (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
fsb_chart_view_set_kind (FsbChartView *self, FsbChartViewKind kind)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  self->kind = kind;
  forget_sizes (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
fsb_chart_view_set_live (FsbChartView *self, gboolean live)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  self->live = live;
  forget_sizes (self);
  /* The live chart fills the run page; a result's chart is as tall as its rows. */
  gtk_widget_set_vexpand (GTK_WIDGET (self), live);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

GtkWidget *
fsb_chart_view_new (void)
{
  return g_object_new (FSB_TYPE_CHART_VIEW, NULL);
}

static void
fsb_chart_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FsbChartView *self = FSB_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_LIVE:
      g_value_set_boolean (value, self->live);
      break;
    case PROP_SECTION:
      g_value_set_string (value, self->section);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fsb_chart_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FsbChartView *self = FSB_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_LIVE:
      fsb_chart_view_set_live (self, g_value_get_boolean (value));
      break;
    case PROP_SECTION:
      fsb_chart_view_set_section (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fsb_chart_view_finalize (GObject *object)
{
  FsbChartView *self = FSB_CHART_VIEW (object);

  g_clear_pointer (&self->result, fsb_result_unref);
  g_free (self->section);
  g_free (self->task);
  G_OBJECT_CLASS (fsb_chart_view_parent_class)->finalize (object);
}

static void
fsb_chart_view_class_init (FsbChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = fsb_chart_view_get_property;
  object_class->set_property = fsb_chart_view_set_property;
  object_class->finalize = fsb_chart_view_finalize;
  widget_class->draw = fsb_chart_view_draw;
  widget_class->get_request_mode = fsb_chart_view_get_request_mode;
  widget_class->get_preferred_height_for_width = fsb_chart_view_get_preferred_height_for_width;

  properties[PROP_LIVE] = g_param_spec_boolean ("live", NULL, NULL, FALSE,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SECTION] = g_param_spec_string ("section", NULL, NULL, NULL,
                                                  G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "fsbchart");
}

static void
fsb_chart_view_init (FsbChartView *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self), 200, -1);
  forget_sizes (self);
}
