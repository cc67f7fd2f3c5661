/** antd's Modal as a module of its own, for LazyModal to fetch. */
export { Modal as default } from 'antd'
