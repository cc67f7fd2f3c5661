/**
 * Image uploader (SPEC sections 2 and 5): several images, each uploaded with
 * POST /local-image/uploadImage to a module folder and shown as a thumbnail
 * ({mediaURL}/{moduleName}/{name}), with Replace and Remove. The value is the list of file names.
 *
 * Checks before uploading, in this order: maxNumber, image type, extension (acceptType,
 * default png, jpg, jpeg, jp2, jpx, jpm, tiff), maxFileSize (default 2,000,000 bytes:
 * 'Image size should be less than 2 mb'), optional resolution. Server messages are shown too.
 */
import { MediaUploader, type MediaUploaderProps } from './MediaUploader'

export type ImageUploaderProps = Omit<MediaUploaderProps, 'kind'>

export function ImageUploader(props: ImageUploaderProps) {
  return <MediaUploader kind="image" {...props} />
}
