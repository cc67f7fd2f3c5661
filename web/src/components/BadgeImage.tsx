/** A badge's image, or a trophy when it has none (the badge list, a donor's earned badges). */
import { Avatar } from 'antd'
import { TrophyOutlined } from '@ant-design/icons'
import { BADGE_MEDIA_MODULE } from '../lib/media-modules'
import { mediaFileUrl, useMetaData } from '../lib/meta-data'

export default function BadgeImage({ name, image, size = 40 }: { name: string; image: string; size?: number }) {
  const meta = useMetaData()
  return (
    <Avatar
      shape="square"
      size={size}
      src={image ? mediaFileUrl(meta, BADGE_MEDIA_MODULE, image) : undefined}
      icon={<TrophyOutlined />}
      alt={`${name} image`}
    />
  )
}
