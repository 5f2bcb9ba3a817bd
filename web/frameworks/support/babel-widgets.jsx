// Loaded by Babel standalone (babel-react.test.html's <script type="text/babel" src>): fetched with XHR, compiled,
// and run before the page's inline Babel script, which uses these components. Class properties, object spread and
// optional chaining are compiled by Babel's default plugins and preset-env.
function Greeting({ name, ...rest }) {
  return <p id="greeting" {...rest}>Hello, {name}!</p>;
}

class ErrorBoundary extends React.Component {
  state = { error: null };
  static getDerivedStateFromError(error) {
    return { error };
  }
  render() {
    return this.state.error
      ? <p id="boundary">caught: {this.state.error?.message}</p>
      : this.props.children;
  }
}
