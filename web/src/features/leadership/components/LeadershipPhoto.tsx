import { Avatar } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { LEADERSHIP_MEDIA_MODULE } from '../constants'

/** A leader's photo (a person icon without one). */
export function LeadershipPhoto({ name, photo, size = 40 }: { name: string; photo: string; size?: number }) {
  const meta = useMetaData()
  return (
    <Avatar
      size={size}
      shape="square"
      src={photo ? mediaFileUrl(meta, LEADERSHIP_MEDIA_MODULE, photo) : undefined}
      icon={<UserOutlined />}
      alt={`Photo of ${name}`}
    />
  )
}
