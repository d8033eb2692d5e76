#include "segue_support.h"
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void copy_message(char *message, size_t size, const char *text) {
    if (!message || size == 0) return;
    strncpy(message, text ? text : "", size - 1);
    message[size - 1] = 0;
}

int segue_png_read(const char *path, int max_side, unsigned char **pixels, int *width, int *height,
                   char *message, size_t message_size) {
    // The simplified API keeps libpng's warnings and errors in image.message, off stderr.
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    errno = 0;
    if (!png_image_begin_read_from_file(&image, path)) {
        int status = errno && !image.message[0] ? SEGUE_PNG_IO : SEGUE_PNG_INVALID;
        copy_message(message, message_size, image.message[0] ? image.message : strerror(errno));
        png_image_free(&image);
        return status;
    }
    *width = (int)(image.width > INT32_MAX ? INT32_MAX : image.width);
    *height = (int)(image.height > INT32_MAX ? INT32_MAX : image.height);
    if (image.width == 0 || image.height == 0 || image.width > (png_uint_32)max_side || image.height > (png_uint_32)max_side) {
        png_image_free(&image);
        return SEGUE_PNG_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    unsigned char *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (!buffer) {
        png_image_free(&image);
        return SEGUE_PNG_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        copy_message(message, message_size, image.message);
        free(buffer);
        png_image_free(&image);
        return SEGUE_PNG_INVALID;
    }
    *pixels = buffer;
    return SEGUE_PNG_OK;
}

/// What the write callbacks share with `segue_png_write`.
struct writer {
    jmp_buf jump;
    int fd;
    int status;
    int error_number;
    char message[160];
};

static void on_error(png_structp png, png_const_charp text) {
    struct writer *w = png_get_error_ptr(png);
    if (w->status == SEGUE_PNG_OK) {
        w->status = SEGUE_PNG_INVALID;
        copy_message(w->message, sizeof w->message, text);
    }
    longjmp(w->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    struct writer *w = png_get_io_ptr(png);
    while (length > 0) {
        if (segue_signal_received()) {
            w->status = SEGUE_PNG_INTERRUPTED;
            png_error(png, "interrupted");
        }
        ssize_t n = write(w->fd, data, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            w->status = SEGUE_PNG_IO;
            w->error_number = n < 0 ? errno : EIO;
            png_error(png, "write failed");
        }
        data += n;
        length -= (size_t)n;
    }
}

static void on_flush(png_structp png) { (void)png; }

int segue_png_write(int fd, const unsigned char *rgba, int width, int height, size_t stride,
                    int *error_number, char *message, size_t message_size) {
    struct writer w;
    memset(&w, 0, sizeof w);
    w.fd = fd;
    *error_number = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w, on_error, on_warning);
    if (!png) return SEGUE_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return SEGUE_PNG_NO_MEMORY;
    }
    if (setjmp(w.jump)) {
        png_destroy_write_struct(&png, &info);
        *error_number = w.error_number;
        copy_message(message, message_size, w.message);
        return w.status == SEGUE_PNG_OK ? SEGUE_PNG_INVALID : w.status;
    }
    png_set_write_fn(png, &w, on_write, on_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        if (segue_signal_received()) {
            w.status = SEGUE_PNG_INTERRUPTED;
            png_error(png, "interrupted");
        }
        png_write_row(png, rgba + (size_t)y * stride);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return SEGUE_PNG_OK;
}
