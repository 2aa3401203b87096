/* report-common.h: what the report tests share: fixtures, temporary folders, parsers */
#pragma once

#include "fsb-recommend.h"
#include "fsb-report.h"

#define NBSP "\u00a0"

FsbResult *load_fixture          (const char *name);
/* Crafted results (test-recommend.c, the fleet's comparison): a task with
 * one sample per value and CPU % fixed; every task of a group, three
 * samples spread ±spread around times of `slowness` s (rates 1000 / slowness). */
void       add_task              (FsbFsResult *fs, const char *id, const double *values, guint n, double cpu);
void       add_group             (FsbFsResult *fs, const char *group_id, double slowness, double spread);
/* A transfer from → to of the group across contenders, a sample per rate (MB/s). */
void       add_transfer          (FsbResult *r, const char *from, const char *to, const double *rates, guint n);
/* An empty complete result of 3 repetitions, to add crafted tasks to. */
FsbResult *crafted_result        (void);
/* Some string of strings holds needle. */
gboolean   strings_contain       (GPtrArray *strings, const char *needle);
/* The recommendation as text, in the test's log. */
void       dump_recommendation   (const FsbRecommendation *rec);
char      *make_tmpdir           (void);
void       rm_rf                 (const char *dir);
guint      count                 (const char *haystack, const char *needle);
char      *report_string         (FsbResult *r, FsbReportFormat format);
/* No script, no external reference, unique ids, every internal link resolves. */
void       assert_self_contained (const char *html);
/* The Markdown outside its fenced code blocks (where no markup is read);
 * fails the test when a fence is left open. */
char      *markdown_prose        (const char *md);
/* RFC 4180: rows of fields; fails the test on a syntax error. */
GPtrArray *parse_csv             (const char *text);
