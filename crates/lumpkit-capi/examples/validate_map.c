/*
 * validate_map: check a map (or any file lumpkit reads) before a game or server loads it.
 *
 *   validate_map [--target ENGINE]... [--records] FILE
 *
 * Prints the file's verdict and every diagnostic, the way `lumpkit info` prints them:
 *
 *   maps/e1m1.bsp: bsp (warning)
 *     warning: <message> (at byte 1234)  [bsp-...]
 *
 * then checks the file with everything inside it (a .pk3's or a .w3x's members, a BSP's textures)
 * and prints the count of each verdict; with --records, each `lumpkit check --json` record
 * instead. Exits 0 when nothing has an error (load it), 1 when something does (refuse it), 2
 * when the file cannot be read or an argument is wrong.
 */
#include <lumpkit.h>

#include <stdio.h>
#include <string.h>

static const char *verdict_name(uint32_t verdict) {
  switch (verdict) {
  case LUMPKIT_SEVERITY_INFO: return "ok";
  case LUMPKIT_SEVERITY_WARNING: return "warning";
  default: return "error";
  }
}

static const char *severity_name(uint32_t severity) {
  switch (severity) {
  case LUMPKIT_SEVERITY_INFO: return "info";
  case LUMPKIT_SEVERITY_WARNING: return "warning";
  default: return "error";
  }
}

static int fail(const char *what) {
  lumpkit_error e;
  if (lumpkit_last_error(&e) == LUMPKIT_STATUS_OK)
    fprintf(stderr, "validate_map: %s: %s\n", what, e.message);
  else
    fprintf(stderr, "validate_map: %s failed\n", what);
  return 2;
}

/* One `check --json` record per call, printed as the CLI prints it (one line each). */
static int32_t print_record(void *user, const char *json, size_t len) {
  (void)user;
  fwrite(json, 1, len, stdout);
  fputc('\n', stdout);
  return 0;
}

int main(int argc, char **argv) {
  const char *path = NULL;
  int records = 0;
  lumpkit_options *options = NULL;
  if (lumpkit_abi_version() != LUMPKIT_ABI_VERSION) {
    fprintf(stderr, "validate_map: liblumpkit_capi %s does not match lumpkit.h\n", lumpkit_version());
    return 2;
  }
  if (lumpkit_options_new(&options) != LUMPKIT_STATUS_OK)
    return fail("lumpkit_options_new");
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--target") == 0 && i + 1 < argc) {
      if (lumpkit_options_add_target(options, argv[++i]) != LUMPKIT_STATUS_OK) {
        lumpkit_options_free(options);
        return fail("--target");
      }
    } else if (strcmp(argv[i], "--records") == 0) {
      records = 1;
    } else if (path == NULL && argv[i][0] != '-') {
      path = argv[i];
    } else {
      path = NULL;
      break;
    }
  }
  if (path == NULL) {
    fprintf(stderr, "usage: validate_map [--target ENGINE]... [--records] FILE\n");
    lumpkit_options_free(options);
    return 2;
  }

  int code = 0;
  if (!records) {
    lumpkit_file *file = NULL;
    if (lumpkit_open_path(path, options, &file) != LUMPKIT_STATUS_OK) {
      lumpkit_options_free(options);
      return fail(path);
    }
    lumpkit_report report;
    if (lumpkit_file_report(file, &report) != LUMPKIT_STATUS_OK) {
      lumpkit_file_free(file);
      lumpkit_options_free(options);
      return fail("lumpkit_file_report");
    }
    printf("%s: %s (%s)\n", path, report.format, verdict_name(report.verdict));
    for (size_t i = 0; i < report.diagnostics; i++) {
      lumpkit_diagnostic d;
      if (lumpkit_file_diagnostic(file, i, &d) != LUMPKIT_STATUS_OK)
        continue;
      printf("  %s: %s", severity_name(d.severity), d.message);
      if (d.has_offset)
        printf(" (at byte %llu)", (unsigned long long)d.offset);
      printf("  [%s]\n", d.code);
    }
    lumpkit_file_free(file);
  }

  lumpkit_check_summary summary;
  lumpkit_status status =
      lumpkit_check_path(path, options, records ? print_record : NULL, NULL, &summary);
  lumpkit_options_free(options);
  if (status != LUMPKIT_STATUS_OK)
    return fail("lumpkit_check_path");
  if (!records)
    printf("checked %llu files and members: %llu ok, %llu warning, %llu error: %s\n",
           (unsigned long long)summary.records, (unsigned long long)summary.ok,
           (unsigned long long)summary.warnings, (unsigned long long)summary.errors,
           summary.errors ? "do not load it" : "safe to load");
  if (summary.errors)
    code = 1;
  return code;
}
