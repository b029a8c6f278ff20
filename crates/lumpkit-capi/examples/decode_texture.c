/*
 * decode_texture: decode one level of a texture into a buffer of your own, as an engine uploads
 * it, and write it as raw RGBA8 (the bytes `lumpkit decode --out x.rgba` writes).
 *
 *   decode_texture [--palette FILE] FILE MIP OUT.rgba [MEMBER...]
 *
 * MEMBER... is a chain of member names inside FILE, one per level (a texture `rock4_1` of the
 * map `maps/x.bsp` in a PAK: `maps/x.bsp rock4_1`), exact even where names hold a `!`.
 * The size is asked first (lumpkit_file_decoded_size), then the level is decoded into a buffer
 * of exactly width * height * 4 bytes. Prints `WIDTHxHEIGHT`; exits 1 when the level cannot be
 * decoded (with lumpkit's reason and diagnostic code), 2 for an unreadable file or bad arguments.
 */
#include <lumpkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, int code) {
  lumpkit_error e;
  if (lumpkit_last_error(&e) == LUMPKIT_STATUS_OK)
    fprintf(stderr, "decode_texture: %s: %s [%s]\n", what, e.message, e.code);
  else
    fprintf(stderr, "decode_texture: %s failed\n", what);
  return code;
}

static unsigned char *read_file(const char *path, size_t *len) {
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

int main(int argc, char **argv) {
  int arg = 1;
  lumpkit_options *options = NULL;
  if (lumpkit_options_new(&options) != LUMPKIT_STATUS_OK)
    return fail("lumpkit_options_new", 2);
  if (argc > 2 && strcmp(argv[1], "--palette") == 0) {
    size_t len = 0;
    unsigned char *palette = read_file(argv[2], &len);
    if (palette == NULL) {
      fprintf(stderr, "decode_texture: cannot read %s\n", argv[2]);
      lumpkit_options_free(options);
      return 2;
    }
    lumpkit_status set = lumpkit_options_set_palette(options, palette, len);
    free(palette);
    if (set != LUMPKIT_STATUS_OK) {
      lumpkit_options_free(options);
      return fail("--palette", 2);
    }
    arg = 3;
  }
  if (argc - arg < 3) {
    fprintf(stderr, "usage: decode_texture [--palette FILE] FILE MIP OUT.rgba [MEMBER...]\n");
    lumpkit_options_free(options);
    return 2;
  }
  const char *path = argv[arg];
  uint32_t mip = (uint32_t)strtoul(argv[arg + 1], NULL, 10);
  const char *out_path = argv[arg + 2];
  const char *const *chain = (const char *const *)&argv[arg + 3];
  size_t chain_len = (size_t)(argc - arg - 3);

  lumpkit_file *file = NULL;
  lumpkit_status opened = lumpkit_open_path(path, options, &file);
  lumpkit_options_free(options); /* the file keeps its own copy */
  if (opened != LUMPKIT_STATUS_OK)
    return fail(path, 2);
  if (chain_len > 0) {
    lumpkit_file *member = NULL;
    lumpkit_status found = lumpkit_file_open_location(file, chain, chain_len, &member);
    lumpkit_file_free(file); /* the member stays valid on its own */
    if (found != LUMPKIT_STATUS_OK)
      return fail("member", 1);
    file = member;
  }

  uint32_t width = 0, height = 0;
  if (lumpkit_file_decoded_size(file, mip, 0, &width, &height) != LUMPKIT_STATUS_OK) {
    int code = fail("size", 1);
    lumpkit_file_free(file);
    return code;
  }
  size_t len = (size_t)width * height * 4;
  unsigned char *pixels = malloc(len ? len : 1);
  if (pixels == NULL) {
    lumpkit_file_free(file);
    fprintf(stderr, "decode_texture: out of memory for %ux%u\n", width, height);
    return 2;
  }
  uint32_t w = 0, h = 0;
  lumpkit_status decoded = lumpkit_file_decode_into(file, mip, 0, pixels, len, &w, &h);
  if (decoded != LUMPKIT_STATUS_OK) {
    int code = fail("decode", 1);
    free(pixels);
    lumpkit_file_free(file);
    return code;
  }
  lumpkit_file_free(file);
  FILE *out = fopen(out_path, "wb");
  if (out == NULL || fwrite(pixels, 1, len, out) != len || fclose(out) != 0) {
    fprintf(stderr, "decode_texture: cannot write %s\n", out_path);
    free(pixels);
    return 2;
  }
  free(pixels);
  printf("%ux%u\n", w, h);
  return 0;
}
