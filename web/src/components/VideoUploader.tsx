/**
 * Video uploader (SPEC section 2): uploads with POST /local-image/uploadVideo (field `video`),
 * shows each video in a player, removes with /local-image/removeVideo; `maxNumber={1}` limits
 * it to one video. Accepted: mp4, webm, mov, mkv, avi, mpeg up to 100 MB (bff/API.md).
 */
import { MediaUploader, type MediaUploaderProps } from './MediaUploader'

export type VideoUploaderProps = Omit<MediaUploaderProps, 'kind' | 'resolution' | 'measure'>

export function VideoUploader(props: VideoUploaderProps) {
  return <MediaUploader kind="video" {...props} />
}
