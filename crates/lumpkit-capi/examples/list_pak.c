/*
 * list_pak: list the members of a PAK (or any container lumpkit reads: PBO, WAD, BSP textures,
 * MPQ, ZIP/PK3, 7z), archives inside archives included, each with what lumpkit recognises it as
 * and its size, as `lumpkit check` walks them:
 *
 *   list_pak FILE
 *
 * One line per file and member, parent first, tab-separated: the path `check` prints (names
 * joined with `!`), the format, and the size in bytes (`-` for a texture stored inside a WAD or
 * BSP, `!CODE` for a member that cannot be read). Members are opened by the ABI's member walk
 * and named by their location chain. Exits 2 when the file cannot be read.
 */
#include <lumpkit.h>

#include <stdio.h>
#include <string.h>

static void print_path(const lumpkit_file *file, size_t names) {
  for (size_t i = 0; i < names; i++) {
    const char *name = NULL;
    if (lumpkit_file_location(file, i, &name) == LUMPKIT_STATUS_OK)
      printf("%s%s", i ? "!" : "", name);
  }
}

static void list(const lumpkit_file *file) {
  lumpkit_report report;
  if (lumpkit_file_report(file, &report) != LUMPKIT_STATUS_OK)
    return;
  size_t count = 0;
  /* A container too broken to list has no members to show (its own line says what it is). */
  if (report.location_len > LUMPKIT_MAX_NESTING ||
      lumpkit_file_member_count(file, &count) != LUMPKIT_STATUS_OK)
    return;
  for (size_t i = 0; i < count; i++) {
    lumpkit_member m;
    if (lumpkit_file_member(file, i, &m) != LUMPKIT_STATUS_OK)
      continue;
    lumpkit_file *child = NULL;
    if (m.error[0] != '\0' || lumpkit_file_open_member(file, i, &child) != LUMPKIT_STATUS_OK) {
      print_path(file, report.location_len);
      printf("!%s\tunknown\t!%s\n", m.name, m.error[0] ? m.error : "unreadable");
      continue;
    }
    lumpkit_report inner;
    if (lumpkit_file_report(child, &inner) == LUMPKIT_STATUS_OK) {
      print_path(child, inner.location_len);
      if (m.fields & LUMPKIT_HAS_SIZE)
        printf("\t%s\t%llu\n", inner.format, (unsigned long long)m.size);
      else
        printf("\t%s\t-\n", inner.format);
      list(child);
    }
    lumpkit_file_free(child);
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: list_pak FILE\n");
    return 2;
  }
  lumpkit_file *file = NULL;
  if (lumpkit_open_path(argv[1], NULL, &file) != LUMPKIT_STATUS_OK) {
    lumpkit_error e;
    lumpkit_last_error(&e);
    fprintf(stderr, "list_pak: %s\n", e.message);
    return 2;
  }
  lumpkit_report report;
  if (lumpkit_file_report(file, &report) == LUMPKIT_STATUS_OK)
    printf("%s\t%s\t%llu\n", argv[1], report.format, (unsigned long long)report.size);
  list(file);
  lumpkit_file_free(file);
  return 0;
}
