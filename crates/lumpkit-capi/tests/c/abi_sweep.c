/*
 * abi_sweep: every call of the C ABI on every file given, for a sanitizer build (ASan + UBSan)
 * run over mutated files: open by path and from bytes, the report, every diagnostic and location
 * name, the info JSON, every member down the nesting bound (listed, opened by index, by name and
 * by location chain), levels 0-2 of every picture (size first, then an exact buffer, then one
 * byte short, which must be refused untouched), check over the path and over the bytes with a
 * callback, and the NULL and bad arguments every call must refuse. Any memory error aborts the
 * run (ASan); a wrong answer exits 1 with the file named.
 *
 *   abi_sweep FILE...      (prints one summary line)
 */
#include <lumpkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long calls, failures_seen, members_seen, levels_decoded, records_seen;
static int wrong;

#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "abi_sweep: ");                                                              \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, " (%s:%d)\n", __FILE__, __LINE__);                                           \
      wrong = 1;                                                                                   \
    }                                                                                              \
  } while (0)

/* A failure must leave a readable last error with the same status. */
static void after(lumpkit_status status) {
  calls++;
  if (status == LUMPKIT_STATUS_OK)
    return;
  failures_seen++;
  lumpkit_error e;
  EXPECT(lumpkit_last_error(&e) == LUMPKIT_STATUS_OK, "no last error after status %d", (int)status);
  EXPECT(e.status == status, "last error %d, call returned %d", (int)e.status, (int)status);
  EXPECT(strlen(e.message) > 0 && strlen(e.code) < 200, "empty message");
  EXPECT(status != LUMPKIT_STATUS_INTERNAL, "internal error (a panic): %s", e.message);
}

static int32_t on_record(void *user, const char *json, size_t len) {
  unsigned long long *n = user;
  (*n)++;
  records_seen++;
  EXPECT(strlen(json) == len && len > 2 && json[0] == '{' && json[len - 1] == '}', "bad record");
  return 0;
}

static int32_t stop_at_once(void *user, const char *json, size_t len) {
  (void)user; (void)json; (void)len;
  return 1;
}

static void decode_levels(const lumpkit_file *file) {
  for (uint32_t mip = 0; mip < 3; mip++) {
    uint32_t w = 0, h = 0;
    lumpkit_status s = lumpkit_file_decoded_size(file, mip, 0, &w, &h);
    after(s);
    if (s != LUMPKIT_STATUS_OK)
      continue;
    size_t len = (size_t)w * h * 4;
    unsigned char *buf = malloc(len + 1);
    if (buf == NULL)
      continue;
    uint32_t w2 = 0, h2 = 0;
    s = lumpkit_file_decode_into(file, mip, 0, buf, len, &w2, &h2);
    after(s);
    if (s == LUMPKIT_STATUS_OK) {
      levels_decoded++;
      EXPECT(w2 == w && h2 == h, "decoded %ux%u, sized %ux%u", w2, h2, w, h);
      if (len > 0) {
        /* One byte short: refused before anything is written. */
        unsigned char *short_buf = malloc(len - 1 ? len - 1 : 1);
        if (short_buf != NULL) {
          memset(short_buf, 0xA5, len - 1);
          s = lumpkit_file_decode_into(file, mip, 0, short_buf, len - 1, NULL, NULL);
          after(s);
          EXPECT(s == LUMPKIT_STATUS_BUFFER_TOO_SMALL, "short buffer gave %d", (int)s);
          for (size_t i = 0; i + 1 < len; i++)
            if (short_buf[i] != 0xA5) {
              EXPECT(0, "short buffer written at %zu", i);
              break;
            }
          free(short_buf);
        }
      }
    }
    /* Flags lumpkit does not know are refused. */
    after(lumpkit_file_decode_into(file, mip, 0x80, buf, len, NULL, NULL));
    free(buf);
  }
}

static void inspect(const lumpkit_file *file, int depth);

static void walk_members(const lumpkit_file *file, int depth) {
  size_t count = 0;
  lumpkit_status s = lumpkit_file_member_count(file, &count);
  after(s);
  if (s != LUMPKIT_STATUS_OK || depth > (int)LUMPKIT_MAX_NESTING)
    return;
  /* Bounded per level so that a member-rich mutant does not take the whole run. */
  size_t shown = count < 64 ? count : 64;
  for (size_t i = 0; i < shown; i++) {
    lumpkit_member m;
    after(lumpkit_file_member(file, i, &m));
    members_seen++;
    lumpkit_file *child = NULL;
    s = lumpkit_file_open_member(file, i, &child);
    after(s);
    if (s != LUMPKIT_STATUS_OK)
      continue;
    inspect(child, depth + 1);
    /* The same member by its name and by its location chain (the first of a name). */
    lumpkit_file *again = NULL;
    after(lumpkit_file_open_member_named(file, m.name, &again));
    lumpkit_file_free(again);
    lumpkit_report r;
    if (lumpkit_file_report(child, &r) == LUMPKIT_STATUS_OK && r.location_len >= 2) {
      const char *chain[8];
      size_t n = r.location_len - 1 < 8 ? r.location_len - 1 : 8;
      for (size_t k = 0; k < n; k++)
        after(lumpkit_file_location(child, k + 1, &chain[k]));
      lumpkit_file *root_relative = NULL;
      lumpkit_report fr;
      if (lumpkit_file_report(file, &fr) == LUMPKIT_STATUS_OK && fr.location_len == 1) {
        after(lumpkit_file_open_location(file, chain, n, &root_relative));
        lumpkit_file_free(root_relative);
      }
    }
    lumpkit_file_free(child);
  }
  lumpkit_member m;
  after(lumpkit_file_member(file, count, &m)); /* one past the end: NOT_FOUND */
}

static void inspect(const lumpkit_file *file, int depth) {
  lumpkit_report r;
  lumpkit_status s = lumpkit_file_report(file, &r);
  after(s);
  if (s != LUMPKIT_STATUS_OK)
    return;
  EXPECT(r.verdict <= LUMPKIT_SEVERITY_ERROR && strlen(r.format) > 0, "bad report");
  for (size_t i = 0; i <= r.diagnostics; i++) {
    lumpkit_diagnostic d;
    s = lumpkit_file_diagnostic(file, i, &d);
    after(s);
    if (i < r.diagnostics)
      EXPECT(s == LUMPKIT_STATUS_OK && strlen(d.code) > 0 && d.severity <= 2, "bad diagnostic");
    else
      EXPECT(s == LUMPKIT_STATUS_NOT_FOUND, "diagnostic past the end gave %d", (int)s);
  }
  for (size_t i = 0; i < r.location_len; i++) {
    const char *name = NULL;
    after(lumpkit_file_location(file, i, &name));
  }
  const char *json = NULL;
  size_t len = 0;
  after(lumpkit_file_info_json(file, &json, &len));
  EXPECT(json != NULL && strlen(json) == len, "info json length");
  decode_levels(file);
  walk_members(file, depth);
}

static unsigned char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  unsigned char *data = NULL;
  size_t used = 0, cap = 0, got;
  do {
    if (used == cap) {
      cap = cap ? cap * 2 : 65536;
      unsigned char *grown = realloc(data, cap);
      if (grown == NULL) {
        free(data);
        fclose(f);
        return NULL;
      }
      data = grown;
    }
    got = fread(data + used, 1, cap - used, f);
    used += got;
  } while (got > 0);
  fclose(f);
  *len = used;
  return data;
}

static void bad_arguments(void) {
  lumpkit_file *file = NULL;
  lumpkit_options *options = NULL;
  uint32_t w, h;
  after(lumpkit_open_path(NULL, NULL, &file));
  after(lumpkit_open_path("/nonexistent/lumpkit", NULL, &file));
  after(lumpkit_open_path("x", NULL, NULL));
  after(lumpkit_open_bytes(NULL, 4, "x.blp", NULL, &file));
  after(lumpkit_file_report(NULL, NULL));
  after(lumpkit_file_decoded_size(NULL, 0, 0, &w, &h));
  after(lumpkit_file_member_count(NULL, NULL));
  after(lumpkit_check_path(NULL, NULL, NULL, NULL, NULL));
  after(lumpkit_options_new(&options));
  after(lumpkit_options_add_target(options, "doom"));
  after(lumpkit_options_add_target(options, NULL));
  after(lumpkit_options_set_palette(options, (const unsigned char *)"abc", 3));
  after(lumpkit_options_set_flags(options, 0x100));
  after(lumpkit_options_set_limits(options, NULL));
  const char invalid_utf8[] = {(char)0xff, (char)0xfe, 0};
  after(lumpkit_options_add_target(options, invalid_utf8));
  lumpkit_options_free(options);
  lumpkit_file_free(NULL);
  lumpkit_options_free(NULL);
  EXPECT(strlen(lumpkit_version()) > 0 && lumpkit_abi_version() == LUMPKIT_ABI_VERSION, "version");
}

int main(int argc, char **argv) {
  lumpkit_options *options = NULL;
  lumpkit_limits limits;
  after(lumpkit_limits_default(&limits));
  /* Smaller than the defaults so that a mutant declaring a huge picture is refused quickly. */
  limits.max_pixels = 4u << 20;
  limits.max_alloc = 64u << 20;
  limits.max_unpacked = 256u << 20;
  after(lumpkit_options_new(&options));
  after(lumpkit_options_set_limits(options, &limits));
  after(lumpkit_options_add_target(options, "quake"));
  bad_arguments();
  for (int i = 1; i < argc; i++) {
    lumpkit_file *file = NULL;
    lumpkit_status s = lumpkit_open_path(argv[i], options, &file);
    after(s);
    if (s == LUMPKIT_STATUS_OK) {
      inspect(file, 0);
      lumpkit_file_free(file);
    }
    size_t len = 0;
    unsigned char *data = slurp(argv[i], &len);
    if (data != NULL) {
      s = lumpkit_open_bytes(data, len, argv[i], options, &file);
      after(s);
      free(data); /* the file keeps its own copy */
      if (s == LUMPKIT_STATUS_OK) {
        inspect(file, 0);
        unsigned long long n = 0;
        lumpkit_check_summary sum;
        data = slurp(argv[i], &len);
        if (data != NULL) {
          after(lumpkit_check_bytes(data, len, argv[i], options, on_record, &n, &sum));
          EXPECT(sum.records == n && sum.ok + sum.warnings + sum.errors == n, "bytes summary");
          free(data);
        }
        lumpkit_file_free(file);
      }
    }
    unsigned long long n = 0;
    lumpkit_check_summary sum;
    s = lumpkit_check_path(argv[i], options, on_record, &n, &sum);
    after(s);
    EXPECT(s != LUMPKIT_STATUS_OK || (sum.records == n && n > 0), "check summary %llu/%llu",
           (unsigned long long)sum.records, n);
    s = lumpkit_check_path(argv[i], options, stop_at_once, NULL, NULL);
    after(s);
    EXPECT(s == LUMPKIT_STATUS_STOPPED || s == LUMPKIT_STATUS_IO, "a stopped walk gave %d", (int)s);
    if (wrong) {
      fprintf(stderr, "abi_sweep: wrong answer on %s\n", argv[i]);
      break;
    }
  }
  lumpkit_options_free(options);
  printf("abi_sweep: %d files, %llu calls (%llu refused as documented), %llu members, %llu levels "
         "decoded, %llu check records: %s\n",
         argc - 1, calls, failures_seen, members_seen, levels_decoded, records_seen,
         wrong ? "WRONG" : "clean");
  return wrong ? 1 : 0;
}
