/**
 * An uploaded image of a module's folder on the media server, shown `width` by `height` and cut
 * to that box (an antd Image: inside an Image.PreviewGroup it opens the preview); the server's
 * placeholder when it does not load.
 */
import { Image } from 'antd'
import { mediaFileUrl, useMetaData } from '../lib/meta-data'

export function MediaImage({
  moduleName,
  name,
  alt,
  width,
  height,
}: {
  moduleName: string
  name: string
  alt: string
  width: number
  height: number
}) {
  const meta = useMetaData()
  return (
    <Image
      fallback={meta?.placeholder || undefined}
      width={width}
      height={height}
      style={{ objectFit: 'cover' }}
      src={mediaFileUrl(meta, moduleName, name)}
      alt={alt}
    />
  )
}
