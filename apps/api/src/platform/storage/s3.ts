import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { IMAGE_FALLBACK_SUFFIX } from '@ruwa/contract';
import type { S3Settings } from '../../lib/config';
import { freshStem, imageContentType, UPLOAD_CACHE_CONTROL, type ImageStore } from './images';

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), shared by every instance. Object
 * keys are `<folder>/<name>`, the same path the disk store uses under DATA_DIR/uploads. With
 * `publicUrl` the saved URLs point at the bucket's public address; without it they stay
 * `/uploads/<key>` and the API reads the objects from the bucket to answer them.
 */
export function s3ImageStore(settings: S3Settings): ImageStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const urlOf = (key: string) => (settings.publicUrl ? `${settings.publicUrl}/${key}` : `/uploads/${key}`);

  return {
    async save(image, folder, stem = freshStem()) {
      await Promise.all(
        image.files.map((file) => {
          const key = `${folder}/${stem}${file.suffix}`;
          return client.send(
            new PutObjectCommand({
              Bucket: settings.bucket,
              Key: key,
              Body: file.bytes,
              ContentType: imageContentType(key),
              // For a public bucket (or a CDN in front of it), which answers with the object's own headers.
              CacheControl: UPLOAD_CACHE_CONTROL,
            }),
          );
        }),
      );
      return urlOf(`${folder}/${stem}${IMAGE_FALLBACK_SUFFIX}`);
    },
    uploads: settings.publicUrl
      ? null
      : {
          async read(key) {
            try {
              const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
              return {
                body: object.Body as Readable,
                contentType: imageContentType(key),
                contentLength: object.ContentLength,
                etag: object.ETag,
                lastModified: object.LastModified,
              };
            } catch (error) {
              if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
              throw error;
            }
          },
        },
    close: () => client.destroy(),
  };
}
