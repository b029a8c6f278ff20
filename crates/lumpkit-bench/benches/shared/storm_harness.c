/* The StormLib anchor of the `archives` bench: open one MPQ, list it through its (listfile) and
 * read every member, as a map tool or a game does; with `verify`, also check every checksum
 * StormLib knows (sector CRCs, the (attributes) CRC32 and MD5), the work `lumpkit check` does.
 * Prints the member count and bytes read; exits 1 when the archive does not open.
 * Built by the bench at run time against the system's StormLib (Debian: libstorm-dev). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <StormLib.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s ARCHIVE [verify]\n", argv[0]);
        return 2;
    }
    int verify = argc > 2 && strcmp(argv[2], "verify") == 0;
    HANDLE mpq = NULL;
    if (!SFileOpenArchive(argv[1], 0, MPQ_OPEN_READ_ONLY, &mpq))
        return 1;
    SFILE_FIND_DATA found;
    HANDLE find = SFileFindFirstFile(mpq, "*", &found, NULL);
    unsigned long members = 0, bytes = 0, failed = 0;
    char *buf = NULL;
    size_t cap = 0;
    while (find != NULL) {
        members++;
        if (verify) {
            if (SFileVerifyFile(mpq, found.cFileName, SFILE_VERIFY_ALL) & VERIFY_FILE_ERROR_MASK)
                failed++;
        } else {
            HANDLE file = NULL;
            if (SFileOpenFileEx(mpq, found.cFileName, SFILE_OPEN_FROM_MPQ, &file)) {
                DWORD size = SFileGetFileSize(file, NULL);
                if (size != SFILE_INVALID_SIZE) {
                    if (size > cap) {
                        free(buf);
                        cap = size;
                        buf = malloc(cap ? cap : 1);
                    }
                    DWORD got = 0;
                    if (buf && SFileReadFile(file, buf, size, &got, NULL))
                        bytes += got;
                    else
                        failed++;
                }
                SFileCloseFile(file);
            } else {
                failed++;
            }
        }
        if (!SFileFindNextFile(find, &found))
            break;
    }
    if (find != NULL)
        SFileFindClose(find);
    free(buf);
    SFileCloseArchive(mpq);
    printf("%lu members, %lu bytes, %lu failed\n", members, bytes, failed);
    return 0;
}
