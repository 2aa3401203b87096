/* fsb-chart-view.c: a GtkDrawingArea that draws a result with the engine's chart renderer */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-chart-view.h"
#ifdef HAVE_FSB_CHART
#include "fsb-chart.h"
#endif

struct _FsbChartView
{
  GtkDrawingArea parent_instance;

  FsbResult *result;
  int        section;
  gboolean   live;
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

static gboolean
fsb_chart_view_draw (GtkWidget *widget, cairo_t *cr)
{
  FsbChartView *self = FSB_CHART_VIEW (widget);

  if (self->result == NULL || self->result->filesystems->len == 0)
    {
      draw_message (widget, cr, self->live ? _("Results appear here as each task finishes.") : _("No results"));
      return GDK_EVENT_STOP;
    }
#ifdef HAVE_FSB_CHART
  FSB_CHART_VIEW_DRAW (self, widget, cr);
#else
  draw_message (widget, cr, _("Charts are not available in this build."));
#endif
  return GDK_EVENT_STOP;
}

void
fsb_chart_view_set_result (FsbChartView *self, FsbResult *result)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  if (result != NULL)
    fsb_result_ref (result);
  g_clear_pointer (&self->result, fsb_result_unref);
  self->result = result;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fsb_chart_view_set_section (FsbChartView *self, int section)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  self->section = section;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fsb_chart_view_set_live (FsbChartView *self, gboolean live)
{
  g_return_if_fail (FSB_IS_CHART_VIEW (self));

  self->live = live;
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
      g_value_set_int (value, self->section);
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
      fsb_chart_view_set_section (self, g_value_get_int (value));
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

  properties[PROP_LIVE] = g_param_spec_boolean ("live", NULL, NULL, FALSE,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SECTION] = g_param_spec_int ("section", NULL, NULL, -1, 100, -1,
                                               G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "fsbchart");
}

static void
fsb_chart_view_init (FsbChartView *self)
{
  self->section = -1;
  gtk_widget_set_size_request (GTK_WIDGET (self), 200, 220);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}
